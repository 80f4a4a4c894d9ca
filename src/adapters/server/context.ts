import type { FastifyRequest } from 'fastify';
import type { RulesModule } from '../../engine/module.ts';
import type { Session } from '../../engine/session.ts';
import type { ChatMessage, ChatStore } from '../storage/chat.ts';
import type { GameStore } from '../storage/database.ts';
import type { People } from '../storage/people.ts';
import type { Deadlines } from './deadlines.ts';
import type { Broadcast, LiveHub } from './live.ts';
import type { Clock, Notifications } from './notifications.ts';
import type { PresenceNews, PresenceTracker } from './presence.ts';

/** Sends a sign-in link; the default writes it to the server's log (no mail server needed to try it). */
export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** What every route works with. */
export interface Ctx {
  store: GameStore;
  people: People;
  chat: ChatStore;
  hub: LiveHub;
  /** Who is connected to which game: this node's sockets, or on shared nodes the `presence` table (issue 11). */
  presence: PresenceTracker;
  /** Tells everyone on a game who is here now (the game page's players). */
  presenceNews: PresenceNews;
  broadcast: Broadcast;
  mailer: Mailer;
  /** Notification settings, the outbox and its sender (issue 10). */
  notifications: Notifications;
  /** Deadlines, pause and resume (issue 10). */
  deadlines: Deadlines;
  baseUrl: string;
  /** The time (tests: a clock they move). */
  clock: Clock;
  /** The person the request's cookie signs in, or null. */
  personOf(request: FastifyRequest): Promise<string | null>;
  /** The person, or a 401. */
  requirePerson(request: FastifyRequest): Promise<string>;
  /** Sign the person in on this device (a new session row, named by the sealed cookie). */
  signIn(request: FastifyRequest, personId: string): Promise<void>;
  /** The game's rules module, or a 404 (no such game) or 422 (a module this server does not know). */
  moduleOf(game: string): Promise<RulesModule<any, any>>;
  /** The running game, or a 404. */
  sessionOf(game: string): Promise<Session<unknown>>;
  /**
   * Called after a chat message is stored and sent live (issue 10), with the people who may read
   * it other than its author and the channel's name for them: where notifications hook in (the
   * chat itself sends none).
   */
  onChat?(game: string, message: ChatMessage, recipients: string[], channelName: string): void | Promise<void>;
}
