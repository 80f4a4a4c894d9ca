import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Session } from '../../engine/session.ts';
import type { ChatMessage, ChatPerson } from '../storage/chat.ts';
import type { Ctx } from './context.ts';
import { HttpError } from './http-errors.ts';
import type { Subscriber } from './live.ts';

/**
 * Chat per campaign (issue 10). Channels:
 * - `all`: everyone who plays (every seat holder) and the referee;
 * - `team:TEAM` ("team:allied"): the people holding a seat of that team (14.1's Overall
 *   Commander seats are their team's). The referee reads it only when holding a seat of the team:
 *   a team's table talk is its own;
 * - `referee:PERSON`: a private line between one player and the referee: that player and the
 *   referee(s) read it, no one else. A player has one; the referee has one per player.
 * Spectators (people holding no seat who are not the referee) see no chat and cannot post.
 * A person holding seats of both teams (the demo, whose referee holds every seat, played hot-seat)
 * reads and writes both team channels: they play both sides and see both already.
 * What reaches a person (an answer, a WebSocket frame) holds only channels that person may read.
 */

/** The longest message, in characters. */
export const MAX_CHAT_LENGTH = 1000;

/** Who may read what in one game, from its people and its seats' teams. */
export class ChatAccess {
  constructor(
    readonly people: ChatPerson[],
    private readonly session: Session<unknown>,
  ) {}

  private teamOf(seat: string): string | null {
    return this.session.module.teamOf(this.session.state, seat);
  }

  get teams(): string[] {
    return this.session.module.teams(this.session.state);
  }

  person(id: string | undefined): ChatPerson | undefined {
    return id === undefined ? undefined : this.people.find((p) => p.id === id);
  }

  /** Someone who plays or referees (a spectator is neither). */
  static takesPart(p: ChatPerson | undefined): p is ChatPerson {
    return !!p && (p.referee || p.seats.length > 0);
  }

  /** The channels the person may read and write, in the order the page shows them. */
  channels(p: ChatPerson | undefined): string[] {
    if (!ChatAccess.takesPart(p)) return [];
    const teams = new Set(p.seats.map((s) => this.teamOf(s)));
    const out = ['all', ...this.teams.filter((t) => teams.has(t)).map((t) => `team:${t}`)];
    if (p.referee) for (const q of this.people) if (!q.referee && q.seats.length) out.push(`referee:${q.id}`);
    if (!p.referee) out.push(`referee:${p.id}`);
    return out;
  }

  mayRead(p: ChatPerson | undefined, channel: string): boolean {
    return this.channels(p).includes(channel);
  }

  /** The people, other than `except`, who may read the channel. */
  readers(channel: string, except?: string): string[] {
    return this.people.filter((p) => p.id !== except && this.mayRead(p, channel)).map((p) => p.id);
  }

  /** Is it a channel of this game at all (someone may read it)? */
  exists(channel: string): boolean {
    return this.people.some((p) => this.mayRead(p, channel));
  }

  /** A channel as a notification names it, the same for every reader: "everyone", "United Kingdom team", "private referee". */
  publicChannelName(channel: string): string {
    if (channel === 'all') return 'everyone';
    if (channel.startsWith('team:')) return `${this.session.teamLabel(channel.slice(5))} team`;
    return 'private referee';
  }

  /** The channel's name as `p` reads it. */
  channelLabel(p: ChatPerson, channel: string): string {
    if (channel === 'all') return 'Everyone';
    if (channel.startsWith('team:')) return `${this.session.teamLabel(channel.slice(5))} team`;
    const other = this.person(channel.slice('referee:'.length));
    return p.referee && other && other.id !== p.id ? `${other.name} (private)` : 'Referee (private)';
  }

  /** Who the author speaks as in the channel: "Referee", "Allied, Mediterranean", "Allied". */
  authorLabel(p: ChatPerson, channel: string): string {
    const team = channel.startsWith('team:') ? channel.slice(5) : null;
    if (!team && p.referee) return 'Referee';
    const seats = team ? p.seats.filter((s) => this.teamOf(s) === team) : p.seats;
    if (seats.length === 1) return this.session.seatLabel(seats[0]);
    const label = (s: string) => {
      const t = this.teamOf(s);
      return t === null ? this.session.seatLabel(s) : this.session.teamLabel(t);
    };
    return [...new Set(seats.map(label))].join(' and ');
  }
}

/** A message as it leaves the server for one person: no person ids, `mine` for its author. */
function messageFor(m: ChatMessage, personId: string | undefined) {
  return { id: m.id, seq: m.seq, channel: m.channel, author: m.author, label: m.label, text: m.text, at: m.at, mine: m.authorId === personId };
}

const postBody = z.object({ channel: z.string().max(200), text: z.string().max(20 * MAX_CHAT_LENGTH) });
const readBody = z.object({ channel: z.string().max(200), seq: z.number().int().min(0) });

/** The body checked against its schema: a 400 that names the field (`field` in the answer too). */
function parseFields<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join('.') || 'body';
  const given = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), body);
  const what = issue.code === 'too_big' ? 'is too long' : given === undefined ? 'is missing' : `is not understood (${issue.message})`;
  throw new HttpError(400, 'bad-request', `${field}: ${what}.`, { field });
}

/** `after=all:12,team:allied:3`: the seq of the last message the reader has, per channel (a channel's name may hold colons). */
function parseAfter(raw: string): Map<string, number> {
  const after = new Map<string, number>();
  for (const part of raw.split(',')) {
    const colon = part.lastIndexOf(':');
    const seq = Number(part.slice(colon + 1));
    if (colon <= 0 || !/^\d+$/.test(part.slice(colon + 1)) || !Number.isSafeInteger(seq)) {
      throw new HttpError(400, 'bad-request', `after: give the number of the last message you have in each channel, as CHANNEL:NUMBER separated by commas (all:12,team:allied:3), not "${part}".`, { field: 'after' });
    }
    after.set(part.slice(0, colon), seq);
  }
  return after;
}

/** Each subscriber of the game on this node its own frame: only people who may read the channel, never a spectator. */
function sendChat(ctx: Ctx, game: string, access: ChatAccess, message: ChatMessage): void {
  ctx.hub.sendChat(game, (sub: Subscriber) => {
    if (sub.viewer.kind === 'spectator' || !access.mayRead(access.person(sub.personId), message.channel)) return null;
    return { type: 'chat', message: messageFor(message, sub.personId) };
  });
}

/** Another node stored message `seq` of a chat channel (issue 11): send it to this node's subscribers who may read it. */
export async function deliverChat(ctx: Ctx, game: string, channel: string, seq: number): Promise<void> {
  if (!ctx.hub.watching(game)) return;
  const message = await ctx.chat.get(game, channel, seq);
  if (message) sendChat(ctx, game, new ChatAccess(await ctx.chat.people(game), await ctx.sessionOf(game)), message);
}

export function registerChatRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** The game's chat access and the person, or a refusal: not signed in, no such game, not a member, a spectator. */
  async function chatOf(request: FastifyRequest, game: string) {
    const personId = await ctx.requirePerson(request);
    if (!(await ctx.store.meta(game))) throw new HttpError(404, 'no-such-game', `There is no game "${game}".`);
    const access = new ChatAccess(await ctx.chat.people(game), await ctx.sessionOf(game));
    const me = access.person(personId);
    if (!me) throw new HttpError(403, 'not-a-member', 'You hold no seat in this campaign: open an invitation link from its referee.');
    if (!ChatAccess.takesPart(me)) throw new HttpError(403, 'spectators-no-chat', 'The chat is for the players and the referee of this campaign: spectators do not see it.');
    return { access, me };
  }

  function channelOf(access: ChatAccess, me: ChatPerson, channel: string): string {
    if (access.mayRead(me, channel)) return channel;
    const yours = access.channels(me).join(', ');
    // Another person's line with the referee is refused alike whether or not it exists: that would tell who is in the campaign.
    if (!access.exists(channel) && !channel.startsWith('referee:')) throw new HttpError(422, 'no-such-channel', `channel: this campaign has no chat channel "${channel}" (yours: ${yours}).`, { field: 'channel' });
    throw new HttpError(403, 'not-your-channel', `channel: you may not read or write "${channel}" (yours: ${yours}).`, { field: 'channel' });
  }

  /** Each channel the person may read, with its name and unread count. */
  async function channelsOf(game: string, access: ChatAccess, me: ChatPerson) {
    const channels = access.channels(me);
    const unread = await ctx.chat.unread(game, me.id, channels);
    const latest = await ctx.chat.latest(game, channels);
    return channels.map((id) => ({ id, label: access.channelLabel(me, id), unread: unread.get(id)!.unread, lastRead: unread.get(id)!.lastRead, last: latest.get(id) ?? 0 }));
  }

  app.get<{ Params: { id: string }; Querystring: { after?: string } }>('/api/games/:id/chat', async (request) => {
    const { id } = request.params;
    const { access, me } = await chatOf(request, id);
    const raw = request.query.after;
    const channels = access.channels(me);
    const messages = await ctx.chat.read(id, channels, raw === undefined || raw === '' ? undefined : parseAfter(raw));
    return { channels: await channelsOf(id, access, me), messages: messages.map((m) => messageFor(m, me.id)), maxLength: MAX_CHAT_LENGTH };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/chat', async (request, reply) => {
    const { id } = request.params;
    const body = parseFields(postBody, request.body);
    const { access, me } = await chatOf(request, id);
    const channel = channelOf(access, me, body.channel);
    // Line ends as \n; other control characters dropped (they show as nothing, or as boxes).
    const text = body.text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim();
    if (!text) throw new HttpError(400, 'empty-message', 'text: the message is empty: write something to send.', { field: 'text' });
    const length = [...text].length;
    if (length > MAX_CHAT_LENGTH) throw new HttpError(400, 'message-too-long', `text: a message is at most ${MAX_CHAT_LENGTH} characters; this one has ${length}.`, { field: 'text', max: MAX_CHAT_LENGTH });
    const message = await ctx.chat.post(id, channel, me.id, access.authorLabel(me, channel), text);
    await ctx.chat.markRead(id, me.id, channel, message.seq); // what you wrote you have read
    // Live: this node's subscribers now; the other nodes read the message when told its number.
    sendChat(ctx, id, access, message);
    ctx.broadcast.publish({ kind: 'chat', game: id, channel, seq: message.seq });
    try {
      await ctx.onChat?.(id, message, access.readers(channel, me.id), access.publicChannelName(channel));
    } catch (e) {
      request.log.error(e, 'chat hook failed'); // the message is stored and sent; a notification failing does not undo it
    }
    reply.status(201);
    return { message: messageFor(message, me.id) };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/chat/read', async (request) => {
    const { id } = request.params;
    const body = parseFields(readBody, request.body);
    const { access, me } = await chatOf(request, id);
    const channel = channelOf(access, me, body.channel);
    const last = (await ctx.chat.latest(id, [channel])).get(channel) ?? 0;
    await ctx.chat.markRead(id, me.id, channel, Math.min(body.seq, last)); // never past the last message: later ones stay unread
    return { channels: await channelsOf(id, access, me) };
  });
}
