import { ZONE_IDS } from "../../modules/cwnb/data/types.js";
import { parseSeat } from "../../modules/cwnb/state.js";
/** Short commands typed at the table, turned into CWNB actions. The rules still decide. */
export const COMMAND_HELP = `Commands (the acting seat is shown in the prompt; "as SEAT" switches it):
  roll [N]                    6.A   roll the mission die (N: the value, with physical dice)
  decline                     9.5   decline a Carrier/Submarine Strike (status shifts, re-roll)
  buy SHIP                    6.C.2 order a ship            card TYPE [VALUE]  order an Action card
  done                        6.C.2 finish ordering (unspent points are banked)
  give SHIP to ZONE           6.C.3 transfer a ship         give card N to ZONE  transfer a card
  commit SHIP,SHIP.. [ad=N]   6.C.4 secret commitment ("commit none"); ad = pre-positioned Area Defense
  deal [C,C,..]               8     deal the Non-Combatants (card numbers, with physical dice)
  sink UNIT [cause]           7     damage UNIT N | repair UNIT N
  cripple SHIP [off]          7     critical SHIP [off] | passive SUB | active SUB
  retreat                     7     the active Task Force plays a Retreat card
  air hit|miss [surprise]     9.7   missile N [surprise] (9.8) | gun N [surprise] (9.1)
  end                         7     end your Battle Turn
  keep [TYPE [VALUE]]         7.2.1 set aside one card for next turn (or none)
Optional rules:
  conditions [D [D]]          13.2  roll for Special Conditions
  portstrike air|facilities|mined [D..]  13.2.7 choose the Port Strike effect
  endroll [N]                 13.1  roll the end-game die      chart [N]  13.3 roll the transfer chart
  give flag to ZONE           13.4  give your Flag Officer     commit .. flag=SHIP  name the Command Ship
  joker points|bank|table|reroll-mission|reroll-conditions [SIDE]|flag-present|flag-absent [D..]   13.5
  kept ship|transfers         13.5  play the Additional Ship card kept from last turn
  note TEXT                   14.1  a note only your team sees
  for SEAT COMMAND            14.1  the Overall Commander buys/transfers for a player; assign SEAT NAME
  undo [N]   as SEAT   status   actions   view   json {ACTION}   help   quit`;
export class CommandError extends Error {
}
export function resolveZone(text, zones = ZONE_IDS) {
    const t = text.toLowerCase();
    const initials = (id) => id.split('-').map((w) => w[0]).join('');
    const hits = zones.filter((z) => z === t || z.startsWith(t) || initials(z) === t);
    if (hits.length === 1)
        return hits[0];
    throw new CommandError(hits.length ? `"${text}" could mean ${hits.join(' or ')}.` : `No War Zone "${text}" in this game (${zones.join(', ')}).`);
}
/** "allied:med", "a:na", "soviet" (when one zone is in play). */
export function resolveSeat(text, state) {
    if (text === 'referee')
        return text;
    const [first, rest] = text.split(':');
    if (first && 'commander'.startsWith(first.toLowerCase()) && rest) {
        const side = 'allied'.startsWith(rest.toLowerCase()) ? 'allied' : 'soviet'.startsWith(rest.toLowerCase()) ? 'soviet' : null;
        if (!side)
            throw new CommandError(`commander:allied or commander:soviet, not "${text}".`);
        return `commander:${side}`;
    }
    const [s, z] = text.split(':');
    const side = 'allied'.startsWith(s.toLowerCase()) ? 'allied' : 'soviet'.startsWith(s.toLowerCase()) ? 'soviet' : null;
    if (!side || !s)
        throw new CommandError(`A seat is side:zone, e.g. allied:mediterranean or s:na; got "${text}".`);
    const zones = state.options.zones;
    const zone = z ? resolveZone(z, zones) : zones.length === 1 ? zones[0] : null;
    if (!zone)
        throw new CommandError(`Say which War Zone: ${side}:${zones[0]}.`);
    return `${side}:${zone}`;
}
/** A ship id from an id, or a unique name or name prefix, among the ships the seat can name. */
function resolveShip(text, state, candidates) {
    const t = text.toLowerCase();
    if (/^(nc|po)-\d+$/.test(t))
        return t.toUpperCase();
    if (candidates.includes(t))
        return t;
    const names = candidates.map((id) => ({ id, name: (state.options.roster.ships.find((s) => s.id === id)?.name ?? id).toLowerCase() }));
    const hits = names.filter((n) => n.id.startsWith(t) || n.name === t || n.name.includes(t));
    if (hits.length === 1)
        return hits[0].id;
    if (hits.length > 1)
        throw new CommandError(`"${text}" could mean ${hits.map((h) => h.id).join(', ')}.`);
    return text; // let the rules refuse an unknown ship with their own message
}
/** An Action card in the seat's hand: its number in the hand (1, 2, …) or its id. */
function cardId(text, seat, state) {
    if (!text)
        throw new CommandError('give card N to ZONE: N is the number of the card in your hand (see "view").');
    const p = parseSeat(seat);
    const cards = (p && state.zones[p.zone]?.players[p.side].cards) || [];
    if (!/^\d+$/.test(text))
        return text;
    const card = cards[Number(text) - 1];
    if (!card)
        throw new CommandError(`You hold ${cards.length} known Action card(s); card ${text} is not one of them.`);
    return card.id;
}
function numberArg(text, what) {
    const n = Number(text);
    if (text === undefined || !Number.isInteger(n))
        throw new CommandError(`${what} must be a whole number.`);
    return n;
}
/** Parse one command line for `seat`; meta commands return { meta }. */
export function parseCommand(line, seat, state) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    const [cmd, ...args] = words;
    const lower = cmd?.toLowerCase();
    const ships = state.options.roster.ships.map((s) => s.id);
    const ship = (i) => {
        if (!args[i])
            throw new CommandError(`Name the ship (id or name), e.g. "${lower} ${ships[0] ?? 'kirov'}".`);
        return resolveShip(args[i], state, ships);
    };
    const surprise = args.some((a) => a.toLowerCase() === 'surprise');
    const a = (type, fields = {}) => ({ action: { type, seat, ...fields } });
    const dice = (from) => args.slice(from).filter((x) => /^\d+$/.test(x)).map(Number);
    const withDice = (from) => (dice(from).length ? { values: dice(from) } : {});
    switch (lower) {
        case undefined:
            return { meta: 'none', args };
        case 'help':
        case 'status':
        case 'actions':
        case 'view':
        case 'quit':
        case 'exit':
        case 'undo':
        case 'as':
        case 'log':
            return { meta: lower, args };
        case 'json':
            try {
                return { action: { seat, ...JSON.parse(line.trim().slice(4)) } };
            }
            catch (e) {
                throw new CommandError(`json: ${e.message}`);
            }
        case 'roll':
            return a('rollMission', args[0] ? { values: [numberArg(args[0], 'The die value')] } : {});
        case 'decline':
            return a('declineStrike');
        case 'buy':
            return a('buyShip', { ship: ship(0) });
        case 'card': {
            const last = args[args.length - 1];
            const hasValue = args.length > 1 && /^\d+$/.test(last);
            const type = (hasValue ? args.slice(0, -1) : args).join(' ');
            if (!type)
                throw new CommandError('Name the Action card type, e.g. "card ECM" or "card Gun 6".');
            return a('buyCard', hasValue ? { card: type, value: Number(last) } : { card: type });
        }
        case 'done':
            return a('donePurchasing');
        case 'give': {
            const to = args.indexOf('to');
            if (to < 1 || !args[to + 1])
                throw new CommandError('give SHIP to ZONE, or give card N to ZONE.');
            const zone = resolveZone(args[to + 1], state.options.zones);
            if (args[0].toLowerCase() === 'card')
                return a('transferCard', { card: cardId(args[1], seat, state), to: zone });
            if (args[0].toLowerCase() === 'flag')
                return a('transferFlagOfficer', { to: zone });
            return a('transferShip', { ship: ship(0), to: zone });
        }
        case 'commit': {
            const ad = args.find((x) => x.startsWith('ad='));
            const flag = args.find((x) => x.startsWith('flag='));
            const list = args.filter((x) => !x.startsWith('ad=') && !x.startsWith('flag=')).join(',');
            const ids = list.toLowerCase() === 'none' || !list ? [] : list.split(',').filter(Boolean).map((x) => resolveShip(x, state, ships));
            return a('commit', { ships: ids, areaDefense: ad ? numberArg(ad.slice(3), 'ad') : 0, ...(flag ? { flagOfficer: resolveShip(flag.slice(5), state, ships) } : {}) });
        }
        case 'conditions':
            return a('rollSpecialConditions', withDice(0));
        case 'portstrike': {
            const choice = { air: 'air-strike', facilities: 'port-facilities-damaged', mined: 'port-mined' }[args[0]];
            if (!choice)
                throw new CommandError('portstrike air | facilities | mined');
            return a('portStrike', { choice, ...withDice(1) });
        }
        case 'endroll':
            return a('rollEndTurn', withDice(0));
        case 'chart':
            return a('rollTransferChart', withDice(0));
        case 'joker': {
            const use = { points: 'points', bank: 'bank', table: 'reroll-table-die', 'reroll-mission': 'reroll-mission', 'reroll-conditions': 'reroll-conditions', 'flag-present': 'flag-officer-present', 'flag-absent': 'flag-officer-absent' }[args[0]];
            if (!use)
                throw new CommandError('joker points | bank | table | reroll-mission | reroll-conditions [allied|soviet] | flag-present | flag-absent');
            const side = args.find((x) => x === 'allied' || x === 'soviet');
            return a('playAdditionalShip', { use, ...(side ? { side } : {}), ...withDice(1) });
        }
        case 'kept':
            if (!['ship', 'transfers'].includes(args[0]))
                throw new CommandError('kept ship | transfers');
            return a('useKeptAdditionalShip', { use: args[0] === 'ship' ? 'ship-at-point-value' : 'unlimited-transfers' });
        case 'note':
            if (!args.length)
                throw new CommandError('note TEXT');
            return a('teamNote', { text: line.trim().slice(cmd.length).trim() });
        case 'assign':
            if (args.length < 2)
                throw new CommandError('assign SEAT NAME, e.g. "assign allied:med Ann".');
            return a('assignSeat', { target: resolveSeat(args[0], state), player: args.slice(1).join(' ') });
        case 'for': {
            if (args.length < 2)
                throw new CommandError('for SEAT COMMAND, e.g. "for allied:med buy kirov".');
            const target = resolveSeat(args[0], state);
            const inner = parseCommand(args.slice(1).join(' '), target, state);
            if (!('action' in inner))
                throw new CommandError('"for" takes an action command.');
            return { action: { ...inner.action, seat, for: target } };
        }
        case 'deal':
            return a('dealNonCombatants', args[0] ? { cards: args.join(',').split(',').filter(Boolean).map((c) => numberArg(c, 'A card number')) } : {});
        case 'sink':
            return a('sink', { ship: ship(0), ...(args.length > 1 ? { cause: args.slice(1).join(' ') } : {}) });
        case 'damage':
        case 'repair': {
            const n = numberArg(args[1], 'The damage');
            return a('damage', { ship: ship(0), amount: lower === 'repair' ? -n : n });
        }
        case 'cripple':
            return a('cripple', { ship: ship(0), value: args[1] !== 'off' });
        case 'critical':
            return a('criticalDamage', { ship: ship(0), value: args[1] !== 'off' });
        case 'passive':
        case 'active':
            return a('submarine', { ship: ship(0), mode: lower });
        case 'retreat':
            return a('retreat');
        case 'air':
            if (!['hit', 'miss'].includes(args[0]))
                throw new CommandError('air hit [surprise] or air miss.');
            return a('landAttack', { attack: 'carrier-air-strike', success: args[0] === 'hit', surprise });
        case 'missile':
            return a('landAttack', { attack: 'submarine-missile', damage: numberArg(args[0], 'The Damage Value'), surprise });
        case 'gun':
            return a('landAttack', { attack: 'gun', damage: numberArg(args[0], 'The Damage Value'), surprise });
        case 'end':
            return a('endBattleTurn');
        case 'keep': {
            if (!args.length || args[0] === 'none')
                return a('setAside');
            const last = args[args.length - 1];
            const hasValue = args.length > 1 && /^\d+$/.test(last);
            return a('setAside', { card: (hasValue ? args.slice(0, -1) : args).join(' '), ...(hasValue ? { value: Number(last) } : {}) });
        }
        default:
            throw new CommandError(`Unknown command "${cmd}". Type "help" for the list.`);
    }
}
