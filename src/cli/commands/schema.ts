import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerSchema: RegisterCommand = (program, run) => {
  program
    .command('schema')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('schema is not built yet');
      }),
    );
};
