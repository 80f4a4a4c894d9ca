/**
 * Reading a TripleA game XML: a map's game file (`games/*.xml`) or what TripleA's "Export game.xml"
 * writes for a running game. Only the parts that hold the board are read; every element kept
 * carries its line, so a refusal further on can point at it.
 *
 * Read: <info name>; <map> <territory name water> and <connection t1 t2>; <playerList> <player>
 * and <alliance>; <gamePlay> <offset round> (an export's round); in <attachmentList> the options of
 * territory attachments (capital, victoryCity, originalOwner) and of relationship-type attachments
 * (archeType); <initialize> <territoryOwner>, <unitPlacement> (with hitsTaken and unitDamage),
 * <heldUnits>, <resourceGiven>, <relationship>.
 * Skipped whole: <loader>, <triplea>, <diceSides>, <resourceList>, <unitList>, <relationshipTypes>,
 * <territoryEffectList>, the rest of <gamePlay>, <production>, <technology>, <propertyList>,
 * <variableList>: rules and settings of the TripleA game, not the board.
 * Refused: a file that is not well-formed XML, a root other than <game>, any other element under
 * <game>, <map> or <initialize> (Wardroom cannot tell whether it changes the board), and a missing
 * or malformed attribute of an element it reads.
 */
import type { SaxesTag } from 'saxes';

export class TripleaXmlError extends Error {
  override name = 'TripleaXmlError';
}

interface UnitPlacement {
  unitType: string;
  territory: string;
  quantity: number;
  /** Absent for TripleA's neutral (null) player. */
  owner?: string;
  hitsTaken?: number;
  unitDamage?: number;
  line: number;
}

export interface TripleaGame {
  file: string;
  /** <info name>, e.g. "World War II Global 1940 2nd Edition". */
  name?: string;
  /** 1 + <gamePlay><offset round>: the round a running game was exported in (1 for a map's start). */
  round: number;
  territories: { name: string; water: boolean; line: number }[];
  connections: { t1: string; t2: string; line: number }[];
  /** In the file's order (TripleA's turn order). */
  players: { name: string; line: number }[];
  alliances: { player: string; alliance: string; line: number }[];
  owners: { territory: string; owner: string; line: number }[];
  units: UnitPlacement[];
  heldUnits: { unitType: string; player: string; quantity: number; line: number }[];
  resources: { player: string; resource: string; quantity: number; line: number }[];
  relationships: { player1: string; player2: string; type: string; line: number }[];
  /** Options of each territory's territoryAttachment (option name → value). */
  territoryOptions: Map<string, Record<string, string>>;
  /** relationship type → archeType (war, allied, neutral) from relationshipTypeAttachment. */
  archeTypes: Map<string, string>;
}

const SKIPPED = new Set(['loader', 'triplea', 'diceSides', 'resourceList', 'unitList', 'relationshipTypes', 'territoryEffectList', 'production', 'technology', 'propertyList', 'variableList']);
/** Elements whose children are checked: anything not listed under its parent is refused. */
const CHILDREN: Record<string, Set<string>> = {
  game: new Set(['info', 'map', 'playerList', 'gamePlay', 'attachmentList', 'initialize', ...SKIPPED]),
  map: new Set(['territory', 'connection']),
  initialize: new Set(['ownerInitialize', 'unitInitialize', 'resourceInitialize', 'relationshipInitialize']),
};

/** Read TripleA game XML text (`file` names it in messages). Throws TripleaXmlError. */
export async function readTripleaXml(text: string, file: string): Promise<TripleaGame> {
  const { SaxesParser } = await import('saxes'); // loaded only when a TripleA file is read
  const game: TripleaGame = {
    file,
    round: 1,
    territories: [],
    connections: [],
    players: [],
    alliances: [],
    owners: [],
    units: [],
    heldUnits: [],
    resources: [],
    relationships: [],
    territoryOptions: new Map(),
    archeTypes: new Map(),
  };
  const parser = new SaxesParser({ position: true, xmlns: false });
  const stack: string[] = [];
  let line = 1;
  let attachment: { name: string; attachTo: string; options: Record<string, string> } | null = null;
  const fail = (why: string): never => {
    throw new TripleaXmlError(`${file} line ${line}: ${why}`);
  };

  const onTag = (tag: SaxesTag) => {
    const name = tag.name;
    const a = tag.attributes as Record<string, string>;
    const parent = stack.at(-1);
    const path = stack.join('/');
    const el = `<${name}>`;
    const need = (attr: string): string => {
      const v = a[attr];
      return v === undefined || v === '' ? fail(`${el} has no ${attr}="…"`) : v;
    };
    const whole = (attr: string, v: string | undefined = a[attr]): number | undefined => {
      if (v === undefined) return undefined;
      const n = Number(v);
      return Number.isInteger(n) && n >= 0 && v.trim() !== '' ? n : fail(`${el} ${attr}="${v}" is not a whole number`);
    };
    if (parent === undefined) {
      if (name !== 'game') fail(`the root element is ${el}: a TripleA game file has <game>`);
    } else if (CHILDREN[parent] && !CHILDREN[parent].has(name)) {
      fail(`<${parent}> holds ${el}, which Wardroom does not read (it reads ${[...CHILDREN[parent]].filter((c) => !SKIPPED.has(c)).map((c) => `<${c}>`).join(', ')})`);
    }
    switch (`${path}/${name}`) {
      case 'game/info':
        game.name = a.name;
        break;
      case 'game/map/territory':
        game.territories.push({ name: need('name'), water: a.water === 'true', line });
        break;
      case 'game/map/connection':
        game.connections.push({ t1: need('t1'), t2: need('t2'), line });
        break;
      case 'game/playerList/player':
        game.players.push({ name: need('name'), line });
        break;
      case 'game/playerList/alliance':
        game.alliances.push({ player: need('player'), alliance: need('alliance'), line });
        break;
      case 'game/gamePlay/offset':
        game.round = 1 + (whole('round') ?? 0);
        break;
      case 'game/attachmentList/attachment':
        attachment = a.name === 'territoryAttachment' || a.name === 'relationshipTypeAttachment' ? { name: a.name, attachTo: need('attachTo'), options: {} } : null;
        break;
      case 'game/attachmentList/attachment/option':
        if (attachment) attachment.options[need('name')] = a.value ?? '';
        break;
      case 'game/initialize/ownerInitialize/territoryOwner':
        game.owners.push({ territory: need('territory'), owner: need('owner'), line });
        break;
      case 'game/initialize/unitInitialize/unitPlacement':
        game.units.push({
          unitType: need('unitType'),
          territory: need('territory'),
          quantity: whole('quantity', need('quantity'))!,
          ...(a.owner ? { owner: a.owner } : {}),
          ...(a.hitsTaken !== undefined ? { hitsTaken: whole('hitsTaken') } : {}),
          ...(a.unitDamage !== undefined ? { unitDamage: whole('unitDamage') } : {}),
          line,
        });
        break;
      case 'game/initialize/unitInitialize/heldUnits':
        game.heldUnits.push({ unitType: need('unitType'), player: need('player'), quantity: whole('quantity', need('quantity'))!, line });
        break;
      case 'game/initialize/resourceInitialize/resourceGiven':
        game.resources.push({ player: need('player'), resource: need('resource'), quantity: whole('quantity', need('quantity'))!, line });
        break;
      case 'game/initialize/relationshipInitialize/relationship':
        game.relationships.push({ player1: need('player1'), player2: need('player2'), type: need('type'), line });
        break;
    }
    stack.push(name);
  };

  parser.on('opentagstart', () => (line = parser.line));
  parser.on('opentag', onTag);
  parser.on('closetag', (tag) => {
    stack.pop();
    if (tag.name === 'attachment' && attachment) {
      if (attachment.name === 'territoryAttachment') game.territoryOptions.set(attachment.attachTo, { ...game.territoryOptions.get(attachment.attachTo), ...attachment.options });
      else if (attachment.options.archeType) game.archeTypes.set(attachment.attachTo, attachment.options.archeType);
      attachment = null;
    }
  });
  parser.on('error', (e) => {
    throw new TripleaXmlError(`${file} is not well-formed XML: ${e.message.replace(/^(\d+):(\d+): /, 'line $1, column $2: ')}`);
  });
  parser.write(text).close();
  if (!game.territories.length) throw new TripleaXmlError(`${file}: no <map> with <territory> elements: not a TripleA game file`);
  return game;
}
