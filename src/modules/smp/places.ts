/**
 * Which of the places the rules name (data.ts `PLACES`) a phase will look at, and which rule looks
 * (ruling R0-8): a place is needed when a step that runs this phase consults it on this board.
 * Validation refuses a scenario where a needed place is not on the board, so no step meets a
 * missing place and none silently does nothing.
 */
import { Board } from './board.ts';
import { VICHY_ROLLS, type PlaceKey } from './data.ts';
import type { Catalog, Scenario } from './scenario.ts';

/** Place key → the rules that need it this phase. `steps`: the steps that run (default all ten). */
export function placesNeeded(s: Scenario, cat: Catalog, steps?: readonly number[]): Map<PlaceKey, string[]> {
  const runs = (n: number) => !steps || steps.includes(n);
  const need = new Map<PlaceKey, string[]>();
  const add = (rule: string, keys: readonly PlaceKey[]) => {
    for (const k of keys) need.set(k, [...(need.get(k) ?? []), rule]);
  };
  if (runs(1)) {
    if (new Board(s, cat).neutralUS()) add('#1.2 American Assistance', ['ottawa']);
    if (s.smpNumber === 1) {
      add('#1.3 Operation Dynamo', ['normandy', 'london']);
      add('#1.4 Spanish Negotiations at Hendaye', ['paris', 'spain', 'rioDeOro']);
    }
  }
  const vichy = s.vichy.status;
  if (runs(2) && (vichy === 'pending' || vichy === 'in-effect')) {
    if (vichy === 'pending') {
      add('#2 Vichy France (when the Vichy rules come into effect)', ['paris']);
      add('#2 Vichy France (units that stay Free French)', VICHY_ROLLS.freeFrenchExceptions);
    }
    const R = VICHY_ROLLS;
    add('#2 Vichy France (the roll lists)', [...new Set([...R.japan.targets, ...R.uk.targets, ...R.italy.targets, ...R.freeFrench.targets, ...R.germany.targets])]);
    add('#2 Vichy France ("Resolving the fate of Vichy Southern France")', ['southernFrance']);
  }
  if (runs(5) && s.seaZones.some((z) => z.openSea)) add('#3 Convoy Raids (open-sea zones)', ['novaScotia', 'london']);
  return need;
}
