import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerExport: RegisterCommand = (program, run) => {
  program
    .command('export')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('export is not built yet');
      }),
    );
};
