import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from './context.ts';
import { HttpError, parseBody } from './http-errors.ts';
import { isTimeZone } from './notifications.ts';
import { ALLOW_PRIVATE, privateHost } from './webhook-address.ts';

/**
 * Notification settings (issue 10): each person opts in to e-mail and/or a webhook, and to the
 * kinds they want (their turn, chat, deadlines). Deadlines: read by every member, set, extended,
 * paused and resumed by the referee.
 */

const settingsBody = z.object({
  email: z.object({ on: z.boolean(), address: z.string().trim().max(200).email('an e-mail address like ann@example.org').nullable().default(null) }),
  webhook: z
    .string()
    .trim()
    .max(500)
    .url('a URL like https://chat.example.org/hooks/…')
    .refine((u) => /^https?:\/\//i.test(u), 'a http:// or https:// URL')
    .nullable()
    .default(null),
  kinds: z.object({ turn: z.boolean(), chat: z.boolean(), deadline: z.boolean() }),
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'a time zone like Europe/Berlin (IANA)').nullable().default(null),
});

const deadlineBody = z
  .object({
    at: z.string().max(40).optional(),
    hours: z.number().positive().max(24 * 90).optional(),
    remindHours: z.number().min(0).max(24 * 30).optional(),
    onExpiry: z.enum(['referee', 'pause']).default('referee'),
  })
  .refine((b) => (b.at === undefined) !== (b.hours === undefined), 'give either at (a UTC time) or hours (per decision)');

export function registerNotificationRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/me/notifications', async (request) => {
    const personId = await ctx.requirePerson(request);
    const person = await ctx.people.person(personId);
    return { settings: await ctx.notifications.settings(personId), accountEmail: person?.email ?? null };
  });

  app.put('/api/me/notifications', async (request) => {
    const personId = await ctx.requirePerson(request);
    const s = parseBody(settingsBody, request.body);
    const person = await ctx.people.person(personId);
    if (s.email.on && !s.email.address && !person?.email) throw new HttpError(422, 'no-email', 'Give an e-mail address for the notifications (your account has none).');
    const inside = s.webhook && !ctx.notifications.privateWebhooks ? privateHost(s.webhook) : null;
    if (inside) throw new HttpError(422, 'webhook-private', `The webhook's address ${inside} is a loopback, private or link-local address, where this server does not post (${ALLOW_PRIVATE}). Give your chat service's public webhook URL.`);
    await ctx.notifications.saveSettings(personId, s);
    return { settings: await ctx.notifications.settings(personId), accountEmail: person?.email ?? null };
  });

  /** A member of the game (or a 403/404); whether they referee it. */
  async function member(request: Parameters<Ctx['requirePerson']>[0], game: string): Promise<{ referee: boolean }> {
    const personId = await ctx.requirePerson(request);
    const roles = await ctx.people.members(game, personId);
    if (!roles.length) {
      if (!(await ctx.store.meta(game))) throw new HttpError(404, 'no-such-game', `There is no game "${game}".`);
      throw new HttpError(403, 'not-a-member', 'You hold no seat in this campaign: open an invitation link from its referee.');
    }
    return { referee: roles.some((r) => r.role === 'referee') };
  }
  async function referee(request: Parameters<Ctx['requirePerson']>[0], game: string): Promise<void> {
    if (!(await member(request, game)).referee) throw new HttpError(403, 'not-referee', 'Only the referee sets deadlines and pauses the campaign.');
  }
  /** A deadline, a pause or a resume: the referee's, while the campaign is played. */
  async function refereeOfPlay(request: Parameters<Ctx['requirePerson']>[0], game: string): Promise<void> {
    await referee(request, game);
    if ((await ctx.sessionOf(game)).isOver()) throw new HttpError(409, 'campaign-over', 'The campaign is over: there is no deadline to set and nothing to pause or resume.');
  }

  app.get<{ Params: { id: string } }>('/api/games/:id/deadline', async (request) => {
    await member(request, request.params.id);
    return { deadline: await ctx.deadlines.get(request.params.id), now: ctx.notifications.clock.now().toISOString() };
  });

  app.put<{ Params: { id: string } }>('/api/games/:id/deadline', async (request) => {
    await refereeOfPlay(request, request.params.id);
    const body = parseBody(deadlineBody, request.body);
    if (body.at !== undefined && !/(Z|[+-]\d\d:?\d\d)$/i.test(body.at)) throw new HttpError(400, 'bad-request', 'at: give the time with its zone, in UTC such as 2026-12-24T18:00:00Z.');
    return { deadline: await ctx.deadlines.set(request.params.id, body) };
  });

  app.delete<{ Params: { id: string } }>('/api/games/:id/deadline', async (request) => {
    await referee(request, request.params.id);
    await ctx.deadlines.clear(request.params.id);
    return { deadline: await ctx.deadlines.get(request.params.id) };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/deadline/extend', async (request) => {
    await refereeOfPlay(request, request.params.id);
    const body = parseBody(z.object({ hours: z.number().positive().max(24 * 90) }), request.body);
    return { deadline: await ctx.deadlines.extend(request.params.id, body.hours) };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/pause', async (request) => {
    await refereeOfPlay(request, request.params.id);
    if (!(await ctx.deadlines.pause(request.params.id))) throw new HttpError(409, 'already-paused', 'The campaign is already paused.');
    return { deadline: await ctx.deadlines.get(request.params.id) };
  });

  app.post<{ Params: { id: string } }>('/api/games/:id/resume', async (request) => {
    await refereeOfPlay(request, request.params.id);
    return { deadline: await ctx.deadlines.resume(request.params.id) };
  });
}
