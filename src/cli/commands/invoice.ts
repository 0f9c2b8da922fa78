import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerInvoice: RegisterCommand = (program, run) => {
  program
    .command('invoice')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('invoice is not built yet');
      }),
    );
};
