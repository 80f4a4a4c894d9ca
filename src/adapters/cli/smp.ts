import type { Command } from 'commander';

/** `wardroom smp …` commands (Strategic Missions Phase). */
export function registerSmpCommands(program: Command): void {
  program.command('smp').description('Strategic Missions Phase (A&A Global house rules)');
}
