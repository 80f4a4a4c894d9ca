// One cold replay, as a command does it: a fresh process loads Wardroom, reads a game file and
// opens it (Session.open replays every action), once. Prints {"ms": …, "actions": …}.
// Uses the compiled dist/ when it is current (what `wardroom` runs), else src/ through tsx.
import { readFileSync } from 'node:fs';
import { staleReason } from '../scripts/build-state.js';

const [file, root] = process.argv.slice(2);
const compiled = !staleReason(root);
const base = compiled ? `${root}/dist` : `${root}/src`;
const ext = compiled ? 'js' : 'ts';
const { Session } = await import(`${base}/engine/session.${ext}`);
const { cwnb } = await import(`${base}/modules/cwnb/index.${ext}`);
const record = JSON.parse(readFileSync(file, 'utf8'));
const t0 = performance.now();
const session = Session.open(cwnb, record);
const ms = performance.now() - t0;
if (session.kind === 'RuleError') throw new Error(session.message);
console.log(JSON.stringify({ ms, actions: record.log.length, compiled }));
