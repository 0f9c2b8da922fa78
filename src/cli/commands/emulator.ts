import { UserError } from '../../errors.js';
import type { RegisterCommand } from '../command.js';

// Placeholder until its issue lands; replaced by the real command.
export const registerEmulator: RegisterCommand = (program, run) => {
  program
    .command('emulator')
    .description('(not built yet)')
    .action(
      run(async () => {
        throw new UserError('emulator is not built yet');
      }),
    );
};
