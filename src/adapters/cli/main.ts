import { Command, CommanderError } from 'commander';
import { registerBackupCommands } from './backup.ts';
import { registerCwnbCommands } from './cwnb.ts';
import { registerRecordSheetCommand } from './record-sheet.ts';
import { registerServeCommand } from './serve.ts';
import { registerSmpCommands } from './smp.ts';

/** Build the `wardroom` command line. Each rules module adds its own commands. */
export function buildProgram(): Command {
  const program = new Command('wardroom')
    .description('Wardroom: a digital referee for tabletop wargame campaigns')
    .exitOverride();
  registerCwnbCommands(program);
  registerRecordSheetCommand(program);
  registerSmpCommands(program);
  registerServeCommand(program);
  registerBackupCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode;
    throw e;
  }
}
