/**
 * The Strategic Missions Phase as one script: the ten steps in the order of the list at the top
 * of the document (ruling R0-1), and the driver that replays it from a scenario and an action log.
 */
import { NO_SEED, RecordingDice, rollDice } from "../../engine/dice.js";
import { isRuleError, ruleError } from "../../engine/errors.js";
import { Board } from "./board.js";
import { bombingRaids } from "./bombing-raids.js";
import { coastalDefences } from "./coastal-defences.js";
import { convoyRaids } from "./convoy-raids.js";
import { kamikazeRaids } from "./kamikaze-raids.js";
import { nationalAdvantages } from "./national-advantages.js";
import { partisanRaids } from "./partisan-raids.js";
import { catalogOf } from "./scenario.js";
import { shoreBombardments } from "./shore-bombardments.js";
import { specialSituations } from "./special-situations.js";
import { transportReassignment } from "./transport-reassignment.js";
import { vichyFrance } from "./vichy-france.js";
export const STEPS = [
    { n: 1, name: 'Resolve Special Situations', section: '#1', run: specialSituations },
    { n: 2, name: 'Conduct Vichy France', section: '#2', run: vichyFrance },
    { n: 3, name: 'Conduct Bombing Raids', section: '#5', run: bombingRaids },
    { n: 4, name: 'Conduct Shore Bombardments', section: '#6', run: shoreBombardments },
    { n: 5, name: 'Conduct Convoy Raids', section: '#3', run: convoyRaids },
    { n: 6, name: 'Conduct Partisan Raids', section: '#8', run: partisanRaids },
    { n: 7, name: 'Conduct Kamikaze Raids', section: '#7', run: kamikazeRaids },
    { n: 8, name: 'Reassign Transport Units', section: '#9', run: transportReassignment },
    { n: 9, name: 'Resolve Coastal Defences', section: '#4', run: coastalDefences },
    { n: 10, name: 'Apply National Advantages', section: '#10', run: nationalAdvantages },
];
export function* phase(ctx, only) {
    for (const s of STEPS) {
        if (only && !only.includes(s.n))
            continue;
        ctx.step = s.n;
        ctx.events.push({ type: 'step', to: 'all', step: s.n, text: `Step ${s.n}: ${s.name} (document section ${s.section})` });
        yield* s.run(ctx);
    }
    ctx.step = 11;
    ctx.events.push({ type: 'end', to: 'all', step: 11, text: 'The Strategic Missions Phase is over.' });
}
/** Deep copy of plain JSON data (about 10× faster than structuredClone for a board). */
export function cloneData(x) {
    if (Array.isArray(x))
        return x.map(cloneData);
    if (x !== null && typeof x === 'object') {
        const o = {};
        for (const k in x)
            o[k] = cloneData(x[k]);
        return o;
    }
    return x;
}
export function newCtx(scenario, dice) {
    const board = new Board(cloneData(scenario), catalogOf(scenario));
    return { board, dice, events: [], step: 0, used: new Map() };
}
/**
 * A phase in progress: the live script and its context. `feed` answers the pending request; a
 * refusal kills the runner (its context may be half-changed), so callers replay from scratch.
 */
export class PhaseRunner {
    ctx;
    gen;
    r = null;
    dead = null;
    fed = 0;
    constructor(scenario, dice, only) {
        this.ctx = newCtx(scenario, dice);
        this.gen = phase(this.ctx, only);
        try {
            this.r = this.gen.next();
        }
        catch (e) {
            if (!isRuleError(e))
                throw e;
            this.dead = e;
        }
    }
    get pending() {
        return this.r && !this.r.done ? this.r.value : null;
    }
    /**
     * Answer the pending request. Seeded dice come from `source` (by default the values logged with
     * the action, `rolled`); returns the refusal, if any.
     */
    feed(a, source = new RecordingDice(NO_SEED, a.rolled ?? [])) {
        const ctx = this.ctx;
        const req = this.pending;
        if (this.dead)
            return this.dead;
        if (!req)
            return ruleError('phase-over', 'The Strategic Missions Phase is over; nothing more to do.');
        try {
            if (a.seat !== req.seat)
                throw ruleError('not-your-turn', `Wardroom is waiting for ${ctx.board.nationName(req.seat)} (${req.seat}): ${req.kind === 'roll' ? `roll ${req.prompt}` : req.prompt.split('\n')[0]}`);
            let answer;
            if (req.kind === 'roll') {
                if (a.type !== 'roll')
                    throw ruleError('roll-expected', `${ctx.board.nationName(req.seat)} must roll now: ${req.prompt}`);
                const out = rollDice(ctx.dice, source, req.seat, req.dice, a.values);
                ctx.dice = out.dice;
                for (const ev of out.events)
                    ctx.events.push({ ...ev, step: req.step });
                answer = out.values;
            }
            else {
                if (a.type === 'roll')
                    throw ruleError('decision-expected', `No dice now: ${ctx.board.nationName(req.seat)} must answer: ${req.prompt.split('\n')[0]}`);
                answer = a;
            }
            this.r = this.gen.next(answer);
            this.fed++;
            return null;
        }
        catch (e) {
            if (!isRuleError(e))
                throw e;
            this.dead = e;
            return e;
        }
    }
    /** The run as it stands (shares the runner's objects unless `copy`). */
    snapshot(copy = false) {
        const c = this.ctx;
        return {
            board: copy ? cloneData(c.board.s) : c.board.s,
            events: copy ? [...c.events] : c.events,
            pending: this.pending,
            dice: { ...c.dice },
        };
    }
}
/** Replay the phase over `log`. Deterministic: same scenario, seed and log give the same run. */
export function runPhase(scenario, dice, log, only) {
    const p = new PhaseRunner(scenario, dice, only);
    if (p.dead)
        return { ...p.snapshot(), error: { index: 0, refusal: p.dead }, runner: p };
    for (let i = 0; i < log.length; i++) {
        const e = p.feed(log[i]);
        if (e)
            return { ...p.snapshot(), error: { index: i, refusal: e }, runner: p };
    }
    return { ...p.snapshot(), runner: p };
}
