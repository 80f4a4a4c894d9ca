/**
 * The server's API (docs/api.md) as the browser uses it. Types come from the engine and the CWNB
 * view (type-only imports: nothing of the rules is bundled); the client holds no rules.
 */
import type { ActionSpec, ClosedAction, FieldOption, FieldSpec, Fields, GameEvent, UnavailableOption } from '../../src/engine/module.ts';
import type { view } from '../../src/modules/cwnb/view.ts';
import type { smpView } from '../../src/modules/smp/index.ts';

export type { ActionSpec, ClosedAction, FieldOption, FieldSpec, Fields, GameEvent, UnavailableOption };
export type CwnbView = ReturnType<typeof view>;
export type SmpView = ReturnType<typeof smpView>;
export type ZoneView = CwnbView['zones'][number];
export type Side = 'allied' | 'soviet';

export interface Person {
  id: string;
  name: string;
  email: string | null;
}
export interface GameSummary {
  id: string;
  title: string;
  module: string;
  referee: boolean;
  seats: string[];
  /** "Allied, Mediterranean" by seat id. */
  seatLabels: Record<string, string>;
  waitingOnYou: string[];
  /** Your seats a rewind request asked by another seat waits on (agree or refuse on the game page). */
  rewindAsked: string[];
  /** The deadline running now (UTC), or null (none, paused, over). */
  dueAt: string | null;
  waitingFor: string[];
  turn: number | null;
  over: boolean;
  version: number;
  /** Paused by the referee or at its deadline: it waits on nobody until it resumes. */
  paused?: boolean;
  /** Moved to the table by the referee (it goes on at the terminal, not here). */
  moved?: boolean;
  /** Set when the campaign cannot be opened (its stored record does not replay). */
  problem?: string;
  rematch?: string | null;
  rematchOf?: string | null;
  /** Events of the game the person has not read in its history (issue 10). */
  unread?: number;
}
export interface Seat {
  seat: string;
  label: string;
  team: string | null;
  holder: string | null;
  /** Its holder as a number of this page, the same for every seat one person holds (two people may share a name). */
  person: number | null;
  /** Its holder is looking at the game now (a live frame keeps it current). */
  here: boolean;
}
export interface Rewind {
  id: string;
  seat: string;
  scope: string;
  to: number;
  agreed: string[];
  needed: string[];
  /** What it would take back, as this viewer may be told ("an action of the Soviet team (action #7)"). */
  takesBack: string[];
  /** Where it goes back to, as you may be told of it: "just after action #3 of Allied, Mediterranean (“…”)", "the start of the game". */
  after: string;
}
export interface GamePage {
  game: { id: string; title: string; module: string; version: number; over: boolean; seedCommitment: string; seed: string | null; seedImported: boolean; sidesSwappable?: boolean };
  me: { person: Person | null; referee: boolean; spectator: boolean; seats: string[]; viewer: string; muted: boolean };
  seats: Seat[];
  view: CwnbView;
  actions: Record<string, ActionSpec[]>;
  /** The actions of each held seat's step it may not take now, with why. */
  closed?: Record<string, ClosedAction[]>;
  /** How many of its last actions each held seat may take back now. */
  undoable: Record<string, number>;
  /** The log entry each held seat's Undo would take back. */
  undoEntry?: Record<string, number>;
  waitingFor: string[];
  lastEvent: number;
  rewinds: Rewind[];
  /** The rewind requests refused or failed, newest first (the asking team's and the referee's only). */
  closedRewinds?: ClosedRewind[];
  /** A rematch of this game, and the game this one is the rematch of (issue 10). */
  links?: { rematch: string | null; rematchOf: string | null };
}
export interface ClosedRewind {
  id: string;
  seat: string;
  outcome: 'refused' | 'failed';
  at: string;
  /** "Soviet, Mediterranean refused the rewind of the Mediterranean War Zone to after action #0." */
  message: string;
}
/** A chat channel the person may read (docs/api.md, "Chat"). */
export interface ChatChannel {
  id: string;
  label: string;
  unread: number;
  lastRead: number;
  last: number;
}
export interface ChatMessage {
  id: string;
  seq: number;
  channel: string;
  author: string;
  label: string;
  text: string;
  /** UTC, ISO 8601. */
  at: string;
  mine: boolean;
}
export interface ChatPage {
  channels: ChatChannel[];
  messages: ChatMessage[];
  maxLength: number;
}
export interface Setup {
  /** rulebookStartingPoints: the At Start Buy Points the rulebook gives (rule 4: the South Pacific only). */
  zones: { id: string; name: string; rulebookStartingPoints?: { allied: number; soviet: number } | null }[];
  optionalRules?: unknown[];
  limits?: { turns?: { min: number; max: number } };
}

/** A refusal from the server: the person-readable message, and the code and status for the page. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly rule?: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return (await call(method, path, body)).data as T;
}

/**
 * A POST answered with a file the page saves itself (Move to the table): the file under the name
 * the server gives its download (Content-Disposition), as Export's link is saved.
 */
export async function saveAnswer(path: string, body: unknown): Promise<void> {
  const { data, res } = await call('POST', path, body);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  a.download = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  a.click();
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ data: unknown; res: Response }> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'offline', 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: reported below */
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; rule?: string } } | null)?.error;
    throw new ApiError(res.status, e?.code ?? `http-${res.status}`, e?.message ?? messageFor(res.status), e?.rule);
  }
  return { data, res };
}

function messageFor(status: number): string {
  if (status === 413) return 'That is too large for the server.';
  if (status === 429) return 'Too many requests: wait a moment and try again.';
  return `The server answered ${status}.`;
}

/** The message to show for any failure. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.rule ? `${e.message} (rule ${e.rule})` : e.message;
  return e instanceof Error ? e.message : String(e);
}

/** The seats the game waits for, as people read them; a semicolon between them ("Allied, Mediterranean; Soviet, Mediterranean"). */
/** The seats waited on, a seat nobody holds said so (the referee invites someone to it, or answers for it). */
export const waitingNames = (page: GamePage): string =>
  page.waitingFor.map((s) => `${seatLabel(s, page.seats)}${page.seats.some((x) => x.seat === s && !x.holder) ? ' (unclaimed)' : ''}`).join('; ');

/** "Allied Mediterranean" for "allied:mediterranean", from the game's seat list when it has it. */
export function seatLabel(seat: string, seats?: Seat[]): string {
  return seats?.find((s) => s.seat === seat)?.label ?? seat;
}

/** `GET /api/games/:id/history` (issue 10): the log as the viewer may see it, filtered. */
export interface HistoryPage {
  game: { id: string; title: string; version: number; over: boolean };
  viewer: string;
  events: GameEvent[];
  total: number;
  lastEvent: number;
  /** The seq of the last event read before this visit (-1: none). */
  lastRead: number;
  unread: number;
  /** The log entries taken back by an undo or a rewind, whatever the filters show. */
  takenBack: number[];
  choices: { turns: number[]; zones: { id: string; name: string }[]; kinds: string[] };
}

export interface Bookmark {
  step: number;
  turn: number | null;
  kind: 'turn' | 'phase';
  label: string;
}

/** `GET /api/games/:id/replay/:step` (issue 10): the viewer's view after the first `step` log entries. */
export interface ReplayStep {
  game: { id: string; title: string; module: string; version: number; over: boolean; seedCommitment: string };
  viewer: string;
  step: number;
  by: { seat: string; label: string } | null;
  over: boolean;
  view: CwnbView;
  waitingFor: string[];
  seats: Seat[];
  events: GameEvent[];
  recent: GameEvent[];
  eventCount: number;
  bookmarks: Bookmark[];
}
