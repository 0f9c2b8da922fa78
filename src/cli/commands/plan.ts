import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerPlan: RegisterCommand = (program, run) => {
  program
    .command('plan')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('plan is not built yet');
      }),
    );
};
