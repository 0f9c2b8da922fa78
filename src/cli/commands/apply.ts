import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerApply: RegisterCommand = (program, run) => {
  program
    .command('apply')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('apply is not built yet');
      }),
    );
};
