import { writeFileSync } from 'node:fs';
import type { GameRecord } from '../../engine/session.ts';

/** Where the referee's copy of a game's dice seed is kept: beside the game file. */
export const seedFile = (file: string): string => `${file}.seed`;

/** Keep the seed beside the game file (readable by its owner only), not in the record: nobody reads the rolls to come in the file. */
export function writeSeedFile(file: string, seed: string, record: GameRecord): void {
  writeFileSync(seedFile(file), seed + '\n', { mode: 0o600 });
  record.seed = null;
}
