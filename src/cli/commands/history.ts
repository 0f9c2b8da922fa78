import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerHistory: RegisterCommand = (program, run) => {
  program
    .command('history')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('history is not built yet');
      }),
    );
};
