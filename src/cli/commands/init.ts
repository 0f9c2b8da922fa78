import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerInit: RegisterCommand = (program, run) => {
  program
    .command('init')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('init is not built yet');
      }),
    );
};
