// The engine's own share of a cold replay: the first Session.open, in a fresh process, of a game
// of N actions of a module that does next to nothing (one action type that adds a number and says
// so in one event). What is left of bench/cold-replay.mjs's time beyond this is the rules' work.
// Prints {"ms": …, "actions": N}. Uses dist/ when it is current, else src/ through tsx.
import { createHash } from 'node:crypto';
import { staleReason } from '../scripts/build-state.js';

const [root, n = '1479'] = process.argv.slice(2);
const compiled = !staleReason(root);
const { Session } = await import(compiled ? `${root}/dist/engine/session.js` : `${root}/src/engine/session.ts`);
const tick = {
  type: 'tick',
  decision: true,
  label: () => 'Tick',
  when: () => null,
  run(state, action) {
    if (!Number.isInteger(action.n)) return { kind: 'RuleError', code: 'bad-field', message: '"n" must be a whole number.' };
    const total = state.total + action.n;
    return { state: { total, turn: state.turn }, events: [{ type: 'tick', to: 'all', turn: state.turn, text: `${action.seat} adds ${action.n}: ${total}.` }], scope: ['zone:one'] };
  },
};
const module = {
  id: 'floor',
  parseOptions: (o) => o,
  setup: () => ({ total: 0, turn: 1 }),
  seats: () => ['one', 'two'],
  teams: () => ['all'],
  teamOf: () => 'all',
  actions: () => [tick],
  view: (s) => s,
  isOver: () => false,
};
// With its seed, as the example game: Session.open checks it against the commitment (its first
// SHA-256 in the process, as for the example); the commitment is made here with node:crypto, so
// that check stays the first.
const seed = 'a seed';
const log = Array.from({ length: Number(n) }, (_, i) => ({ type: 'tick', seat: i % 2 ? 'two' : 'one', n: i % 7 }));
const record = { format: 'wardroom-game', version: 2, module: 'floor', options: {}, seedCommitment: createHash('sha256').update(seed).digest('hex'), seed, log };
const t0 = performance.now();
const session = Session.open(module, record);
const ms = performance.now() - t0;
if (session.kind === 'RuleError' || session.version !== record.log.length) throw new Error('the floor game does not replay');
console.log(JSON.stringify({ ms, actions: record.log.length, compiled }));
