import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerValidate: RegisterCommand = (program, run) => {
  program
    .command('validate')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('validate is not built yet');
      }),
    );
};
