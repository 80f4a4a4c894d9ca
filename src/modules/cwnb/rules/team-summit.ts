import { z } from 'zod';
import { refuse } from '../../../engine/errors.ts';
import { hooksOf } from '../hooks.ts';
import { parseSeat } from '../state.ts';
import { gameAction, no, seatWords, sideName, teamOfSeat, tell } from './common.ts';

/**
 * 6.C.1 Team Summits: teammates share plans the other team must not hear. Wardroom keeps them as
 * notes only the team sees (its seats, and an Overall Commander, 14.1). With one player a side
 * the step is skipped.
 */
export const teamNote = gameAction({
  type: 'teamNote',
  commands: [{ word: 'note' }],
  secret: true,
  keptByTeam: ['text'],
  rule: '6.C.1',
  decision: false,
  schema: z.object({ text: z.string() }),
  // 7: no aid during the Battle Turns. Shown, not enforced (docs/rulings.md, "7 Team notes during the Battle Turns").
  label: (state, seat) => {
    const p = parseSeat(seat);
    return p && state.zones[p.zone]?.step === 'battle' ? 'Write a note only your team sees (Team Summit; not to aid a player during the Battle Turns, 7)' : 'Write a note only your team sees (Team Summit)';
  },
  when(state, seat, explain) {
    if (!teamOfSeat(state, seat)) return no(explain, 'unknown-seat', () => `"${seat}" is not a seat in this game.`);
    if (state.options.zones.length < 2 && !hooksOf(state).otherSeats(state.options).length) {
      return no(explain, 'no-team-summit', () => 'With one player a side there is no Team Summit (6.C.1).');
    }
    return null;
  },
  fields: () => ({ text: { kind: 'text', label: 'Note', help: 'Only your team sees it.', maxLength: 2000 } }),
  apply(state, seat, a, ctx) {
    const side = teamOfSeat(state, seat)!;
    const text = a.text.trim();
    if (!text || text.length > 2000) refuse('bad-note', 'A team note is 1 to 2000 characters.', '6.C.1');
    state.notes = { ...state.notes, [side]: [...state.notes[side], { by: seat, turn: state.turn, text }] };
    const by = parseSeat(seat) ? seatWords(seat) : `${sideName(side)} Overall Commander`; // 14.1 the commander writes too
    tell(ctx, side, { type: 'team-note', by: seat, note: text, text: `${sideName(side)} team note (${by}): ${text}` });
  },
});
