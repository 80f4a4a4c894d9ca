import { NO_SEED, RecordingDice, seedCommitment, seededDice, verifyRolls } from "./dice.js";
import { isRuleError, ruleError } from "./errors.js";
import { applyAction, legalActions, waitingFor } from "./kernel.js";
import { canSee } from "./viewer.js";
export const RECORD_VERSION = 2;
export function newGameRecord(module, options, seed) {
    return { format: 'wardroom-game', version: RECORD_VERSION, module, options, seedCommitment: seedCommitment(seed), seed, log: [] };
}
const KERNEL_TYPES = new Set(['@undo', '@rewind']);
function overlaps(a, b) {
    if (a === null || b === null)
        return true;
    return a.some((x) => b.includes(x));
}
/**
 * A running game: the record, the current state, the event log and what each entry did.
 * Adapters (CLI, server) hold one of these; the rules stay pure. Every method that changes the
 * game takes the version the caller saw, and refuses a stale one.
 */
export class Session {
    module;
    record;
    initial;
    state;
    /** Every event so far, each with its sequence number; append-only. */
    events = [];
    steps = [];
    checkpoints = new Map();
    dice;
    every;
    verifyDice;
    constructor(module, record, initial, seed, opts) {
        this.module = module;
        this.record = record;
        this.initial = initial;
        this.state = initial;
        this.dice = seed ? seededDice(seed) : NO_SEED;
        this.every = opts.checkpointEvery ?? 250;
        this.verifyDice = !!opts.verifyDice && !!seed;
    }
    /**
     * Open a record, replaying its log (a 0.1 record is migrated as it is read). The seed may come
     * with the record or apart from it; without one, logged rolls replay and new rolls are refused.
     * A refusal names the log index of the first entry that does not replay.
     */
    static open(module, record, opts = {}) {
        const seed = opts.seed ?? record.seed ?? null;
        if (seed != null && seedCommitment(seed) !== record.seedCommitment) {
            return ruleError('seed-commitment-mismatch', 'The dice seed does not match its commitment.', undefined, { index: -1 });
        }
        const raw = record.version === 1 && module.migrateOptions ? module.migrateOptions(record.options, 1) : record.options;
        const options = module.parseOptions(raw);
        if (isRuleError(options))
            return { ...options, index: -1 };
        const { log, ...rest } = record;
        const session = new Session(module, { ...rest, version: RECORD_VERSION, options: raw, log: [] }, module.setup(options), seed, opts);
        for (let i = 0; i < log.length; i++) {
            let entry = log[i];
            if (record.version === 1 && module.migrateAction && !KERNEL_TYPES.has(entry.type))
                entry = module.migrateAction(session.state, entry, 1);
            const r = KERNEL_TYPES.has(entry.type) ? session.takeBack(entry) : session.append(entry);
            if (isRuleError(r))
                return { ...r, index: i };
        }
        return session;
    }
    /** The game's version: the length of its log. A submission names the version it was made against. */
    get version() {
        return this.record.log.length;
    }
    /** Submit an action made against `version` (if given). Returns the events it produced. */
    submit(action, version) {
        const stale = this.stale(version);
        if (stale)
            return stale;
        if (typeof action?.type === 'string' && action.type.startsWith('@'))
            return ruleError('bad-action', `"${action.type}" is not an action; use undo or rewind.`);
        const { rolled: _ignored, ...clean } = action;
        return this.append(clean);
    }
    stale(version) {
        if (version === undefined || version === this.version)
            return null;
        return ruleError('stale-version', `The game has moved on (version ${this.version}, your action was made against ${version}); look again and resubmit.`, undefined, { current: this.version });
    }
    append(entry) {
        const dice = new RecordingDice(this.dice, entry.rolled, this.verifyDice);
        const r = applyAction(this.module, this.state, entry, dice);
        if (isRuleError(r))
            return r;
        const unused = dice.unused();
        if (unused)
            return unused;
        const index = this.record.log.length;
        this.record.log.push(dice.produced.length && !entry.rolled ? { ...entry, rolled: dice.produced } : entry);
        this.state = r.state;
        const barrier = r.events.some((e) => e.type === 'reveal' || (e.type === 'roll' && !e.physical));
        this.steps.push({ scope: r.scope ?? null, barrier, kernel: false, voided: false });
        if ((index + 1) % this.every === 0)
            this.checkpoints.set(index, this.state);
        return this.emit(index, r.events);
    }
    /** Number the events of log entry `index` (in place: an outcome's events are the session's). */
    emit(index, events) {
        const out = events;
        for (const e of out) {
            e.seq = this.events.length;
            e.entry = index;
            this.events.push(e);
        }
        return out;
    }
    // -------------------------------------------------------------------------------------------
    // Taking actions back
    /** How many of `seat`'s own last actions may be taken back now (0: none). */
    undoableCount(seat) {
        let n = 0;
        while (!isRuleError(this.undoPlan(seat, n + 1)))
            n++;
        return n;
    }
    /**
     * Take back `count` of `seat`'s own last actions: allowed when nothing after them depends on
     * them (no later action by another seat in the same scope: War Zone, zones of a transfer, a
     * step of the whole game) and none of them rolled a seeded die or revealed a secret. A wrongly
     * typed physical die may be taken back while nothing else has happened in its scope.
     */
    undo(seat, count = 1, version) {
        const stale = this.stale(version);
        if (stale)
            return stale;
        const plan = this.undoPlan(seat, count);
        if (isRuleError(plan))
            return plan;
        const r = this.takeBack({ type: '@undo', seat, voids: plan });
        return isRuleError(r) ? r : plan.map((i) => this.record.log[i]);
    }
    undoPlan(seat, count) {
        if (!Number.isInteger(count) || count < 1)
            return ruleError('undo-not-allowed', 'Say how many of your actions to take back (1 or more).');
        const own = [];
        for (let i = this.steps.length - 1; i >= 0 && own.length < count; i--) {
            if (!this.steps[i].voided && !this.steps[i].kernel && this.record.log[i].seat === seat)
                own.push(i);
        }
        if (own.length < count) {
            return ruleError('undo-not-allowed', own.length ? `You have only ${own.length} action(s) to take back.` : 'Nothing to undo: you have not acted (or your actions were taken back).');
        }
        const voids = new Set(own);
        for (const i of own) {
            const why = this.blocked(i, voids, 'undo');
            if (why)
                return why;
        }
        return own.sort((a, b) => a - b);
    }
    /** Why entry `i` may not be taken back together with `voids`, or null. */
    blocked(i, voids, what) {
        const code = what === 'undo' ? 'undo-not-allowed' : 'rewind-not-allowed';
        const name = (j) => `${this.record.log[j].type} by ${this.record.log[j].seat} (action #${j})`;
        if (this.steps[i].barrier)
            return ruleError(code, `${name(i)} rolled a die from the seed or revealed a secret: it cannot be taken back.`);
        for (let j = i + 1; j < this.steps.length; j++) {
            const s = this.steps[j];
            if (s.voided || s.kernel || voids.has(j))
                continue;
            if (overlaps(s.scope, this.steps[i].scope))
                return ruleError(code, `${name(j)} came after ${name(i)} and may depend on it; ask for a rewind instead.`);
        }
        return null;
    }
    /**
     * Corrections by agreement: rewind one scope (a War Zone) to just after log entry `to`,
     * taking back every later action in it. The referee, or every seat of the scope, must agree.
     * Refused past a seeded die or a reveal, or past an action that also changed another scope.
     */
    rewind(scope, to, agreed, version) {
        const stale = this.stale(version);
        if (stale)
            return stale;
        const need = this.module.scopeSeats?.(this.state, scope) ?? [];
        if (!agreed.includes('referee')) {
            if (!need.length)
                return ruleError('rewind-not-allowed', `"${scope}" is not a part of this game that can be rewound.`);
            const missing = need.filter((s) => !agreed.includes(s));
            if (missing.length)
                return ruleError('rewind-not-agreed', `A rewind needs the referee, or every seat of ${scope} (${need.join(', ')}); missing ${missing.join(', ')}.`);
        }
        if (!Number.isInteger(to) || to < -1 || to >= this.version)
            return ruleError('rewind-not-allowed', `Rewind to an entry of the log, -1 to ${this.version - 1}.`);
        const voids = [];
        for (let j = to + 1; j < this.steps.length; j++) {
            const s = this.steps[j];
            if (!s.voided && !s.kernel && overlaps(s.scope, [scope]))
                voids.push(j);
        }
        if (!voids.length)
            return ruleError('rewind-not-allowed', `Nothing happened in ${scope} after action #${to}.`);
        const set = new Set(voids);
        for (const j of voids) {
            const s = this.steps[j];
            if (s.scope === null || s.scope.some((x) => x !== scope)) {
                return ruleError('rewind-not-allowed', `${this.record.log[j].type} by ${this.record.log[j].seat} (action #${j}) also changed ${s.scope ? s.scope.filter((x) => x !== scope).join(', ') : 'the whole game'}: a rewind of ${scope} cannot take it back.`);
            }
            const why = this.blocked(j, set, 'rewind');
            if (why)
                return why;
        }
        const r = this.takeBack({ type: '@rewind', seat: agreed.includes('referee') ? 'referee' : agreed[0], scope, to, agreed: [...agreed], voids });
        return isRuleError(r) ? r : voids.map((i) => this.record.log[i]);
    }
    /** Void entries and re-derive the state from the nearest checkpoint; append the kernel entry. */
    takeBack(entry) {
        const voids = entry.voids;
        if (!Array.isArray(voids) || !voids.length || voids.some((i) => !Number.isInteger(i) || i < 0 || i >= this.steps.length || this.steps[i].voided || this.steps[i].kernel)) {
            return ruleError('bad-entry', 'An @undo or @rewind entry must void earlier actions that still stand.');
        }
        const first = Math.min(...voids);
        const set = new Set(voids);
        let from = -1;
        for (const k of this.checkpoints.keys())
            if (k < first && k > from)
                from = k;
        let state = from >= 0 ? this.checkpoints.get(from) : this.initial;
        const fresh = new Map();
        for (let i = from + 1; i < this.steps.length; i++) {
            const s = this.steps[i];
            if (!s.voided && !s.kernel && !set.has(i)) {
                const entryI = this.record.log[i];
                const r = applyAction(this.module, state, entryI, new RecordingDice(NO_SEED, entryI.rolled ?? []));
                if (isRuleError(r))
                    return ruleError('take-back-breaks-log', `Taking this back would make ${entryI.type} by ${entryI.seat} (action #${i}) impossible: ${r.message}`);
                state = r.state;
            }
            if ((i + 1) % this.every === 0)
                fresh.set(i, state);
        }
        for (const k of [...this.checkpoints.keys()])
            if (k >= first)
                this.checkpoints.delete(k);
        for (const [k, v] of fresh)
            if (k >= first)
                this.checkpoints.set(k, v);
        for (const i of voids)
            this.steps[i].voided = true;
        const index = this.record.log.length;
        this.record.log.push(entry);
        this.steps.push({ scope: [], barrier: false, kernel: true, voided: false });
        if ((index + 1) % this.every === 0)
            this.checkpoints.set(index, state);
        this.state = state;
        return this.emit(index, this.takeBackEvents(entry));
    }
    /** The log entry of a take-back, for the history: public counts, each team its own actions. */
    takeBackEvents(entry) {
        const byTeam = new Map();
        for (const i of entry.voids) {
            const team = this.module.teamOf(this.state, this.record.log[i].seat);
            byTeam.set(team, [...(byTeam.get(team) ?? []), i]);
        }
        const what = (i) => {
            const mine = this.events.filter((e) => e.entry === i);
            return mine.length ? mine.map((e) => e.secret?.text ?? e.text).join(' ') : this.record.log[i].type;
        };
        const n = entry.voids.length;
        const head = entry.type === '@undo' ? `${entry.seat} takes back ${n} action(s)` : `${entry.scope} rewound to after action #${entry.to}, agreed by ${entry.agreed.join(' and ')}: ${n} action(s) taken back`;
        const events = [{ type: entry.type === '@undo' ? 'undo' : 'rewind', to: 'all', text: `${head}.`, seat: entry.seat, voids: entry.voids, ...(entry.type === '@rewind' ? { scope: entry.scope, agreed: entry.agreed } : {}) }];
        for (const [team, list] of byTeam) {
            events.push({ type: 'taken-back', to: team ? { team } : 'referee', text: `Taken back: ${list.map((i) => `#${i} ${what(i)}`).join('; ')}`, voids: list });
        }
        return events;
    }
    // -------------------------------------------------------------------------------------------
    // Reading
    /** The events `viewer` may see after `afterSeq`, each as that viewer may see it. */
    eventsFor(viewer, afterSeq = -1) {
        const teamOf = (seat) => this.module.teamOf(this.state, seat);
        const out = [];
        for (let i = Math.max(0, afterSeq + 1); i < this.events.length; i++) {
            const e = eventAs(this.events[i], viewer, teamOf);
            if (e)
                out.push(e);
        }
        return out;
    }
    view(viewer) {
        return this.module.view(this.state, viewer);
    }
    legalActions(seat) {
        return legalActions(this.module, this.state, seat);
    }
    waitingFor() {
        return waitingFor(this.module, this.state);
    }
    isOver() {
        return this.module.isOver(this.state);
    }
    /** Is an entry of the log still in force (not taken back)? */
    stands(index) {
        return !this.steps[index]?.voided && !this.steps[index]?.kernel;
    }
    /** Publish the seed (at the end of a game): checked against the commitment, then kept in the record. */
    revealSeed(seed) {
        if (seedCommitment(seed) !== this.record.seedCommitment)
            return ruleError('seed-commitment-mismatch', 'The dice seed does not match its commitment.');
        this.record.seed = seed;
        this.dice = seededDice(seed);
        return null;
    }
    /** The record without its seed (what a player may download while the game runs). */
    withoutSeed() {
        const { seed: _seed, ...rest } = this.record;
        return { ...rest, log: [...this.record.log] };
    }
}
/** An event as `viewer` may see it (its secret face if the viewer may see that), or null. */
export function eventAs(e, viewer, teamOf) {
    if (!canSee(viewer, e.to, teamOf))
        return null;
    const { secret, ...face } = e;
    if (!secret || !canSee(viewer, secret.to, teamOf))
        return face;
    const { to, ...more } = secret;
    return { ...face, ...more, to };
}
/**
 * Check a record offline against a revealed seed: the seed against its commitment, and every
 * seeded roll in the log re-derived from it.
 */
export function verifyRecord(module, record, seed) {
    const session = Session.open(module, { ...record, seed: null }, { seed, verifyDice: true });
    if (isRuleError(session))
        return { ok: false, rolls: 0, problems: [`the record does not replay: ${session.index !== undefined && session.index >= 0 ? `action #${session.index}: ` : ''}${session.message}`] };
    const rolls = session.events.filter((e) => e.type === 'roll');
    const check = verifyRolls(seed, record.seedCommitment, rolls);
    return { ...check, rolls: rolls.filter((r) => !r.physical).length };
}
