import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { setupChoices } from './campaign-setup.ts';
import type { Ctx } from './context.ts';
import { brokenSummary, gameSummary } from './game-routes.ts';
import { unreadFor } from './history-routes.ts';
import { HttpError, parseBody } from './http-errors.ts';
import { utc } from './notifications.ts';
import { MAGIC_LINK_MINUTES } from '../storage/people.ts';
import { isUniqueViolation } from '../storage/database.ts';

/**
 * People without passwords (issue 9): who I am and my games, invitation links and seat claims,
 * and e-mailed sign-in links for another device.
 */

const name = z.string().trim().min(1, 'give a name').max(60);
const email = z.string().trim().max(200).email('an e-mail address like ann@example.org').toLowerCase();
const token = z.string().min(20).max(100);

/** The invitation, or a 404 that says nothing about whether tokens like it exist. */
async function invitationOf(ctx: Ctx, t: string) {
  const inv = await ctx.people.invitation(t);
  if (!inv) throw new HttpError(404, 'no-such-invitation', 'This invitation link is not valid: ask the referee for a new one.');
  if (inv.expiresAt && Date.parse(inv.expiresAt) <= ctx.clock.now().getTime()) throw new HttpError(410, 'invitation-expired', `This invitation link expired on ${utc(inv.expiresAt)}: ask the referee for a new one.`);
  return inv;
}

export function registerPeopleRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/me', async (request) => {
    const personId = await ctx.personOf(request);
    if (!personId) return { person: null, games: [] };
    const person = await ctx.people.person(personId);
    const byGame = new Map<string, { title: string; module: string; referee: boolean; seats: string[]; moved: boolean; paused: boolean }>();
    for (const m of await ctx.people.memberships(personId)) {
      const g = byGame.get(m.game_id) ?? { title: m.title, module: m.module, referee: false, seats: [], moved: m.moved_at !== null, paused: m.paused_at !== null };
      if (m.role === 'referee') g.referee = true;
      if (m.seat) g.seats.push(m.seat);
      byGame.set(m.game_id, g);
    }
    const games = [];
    for (const [id, g] of byGame) {
      // A campaign that does not load is shown as such: the person's other campaigns still are.
      const summary = await gameSummary(ctx, id, g).catch((e: unknown) => {
        request.log.error({ game: id, err: e }, 'a campaign on a home page does not load');
        return brokenSummary(id, g); // its reason may tell a secret of either team: only the server's log has it
      });
      games.push({ ...summary, unread: await unreadFor(ctx, personId, id, g).catch(() => 0) });
    }
    games.sort((a, b) => Number(b.waitingOnYou.length + b.rewindAsked.length > 0) - Number(a.waitingOnYou.length + a.rewindAsked.length > 0));
    return { person, games };
  });

  app.post('/api/me', async (request) => {
    const personId = await ctx.requirePerson(request);
    const body = parseBody(z.object({ name: name.optional(), email: email.nullable().optional() }), request.body);
    // One person per address: a sign-in link sent to it must lead to its owner's seats, not another person's.
    const taken = new HttpError(409, 'email-taken', 'Another person on this server already gave that e-mail address: give your own, so that sign-in links reach you.');
    if (body.email && (await ctx.people.peopleByEmail(body.email)).some((id) => id !== personId)) throw taken;
    await ctx.people.update(personId, body).catch((e: unknown) => {
      throw isUniqueViolation(e) ? taken : e; // given by two people at once: the database's unique index decides
    });
    return { person: await ctx.people.person(personId) };
  });

  app.post('/api/sign-out', async (request) => {
    const sid = request.session.get('sid');
    if (sid) await ctx.people.revokeSession(sid);
    request.session.delete();
    return {};
  });

  app.get('/api/setup', async () => setupChoices());

  app.get<{ Params: { token: string } }>('/api/invitations/:token', async (request) => {
    const inv = await invitationOf(ctx, request.params.token);
    const meta = await ctx.store.meta(inv.gameId);
    const session = await ctx.sessionOf(inv.gameId);
    const holders = new Map((await ctx.people.holders(inv.gameId)).map((h) => [h.seat, h.name]));
    // The team of the seats this person holds already: the page offers no seat of the other team (one person, one team).
    const personId = await ctx.personOf(request);
    const mine = personId ? await ctx.people.members(inv.gameId, personId) : [];
    const held = mine.flatMap((m) => (m.seat ? [session.module.teamOf(session.state, m.seat)] : []));
    return {
      game: { id: inv.gameId, title: meta?.title ?? '' },
      kind: inv.kind,
      yourTeam: new Set(held).size === 1 ? held[0] : null,
      // The referee opening a link made for a player (to check it, or by a slip): the page warns before it is used up.
      youReferee: mine.some((m) => m.role === 'referee'),
      seats: inv.seats.map((seat) => ({ seat, label: session.seatLabel(seat), team: session.module.teamOf(session.state, seat), holder: holders.get(seat) ?? null })),
    };
  });

  app.post<{ Params: { token: string } }>('/api/invitations/:token/claim', async (request, reply) => {
    const inv = await invitationOf(ctx, request.params.token);
    const body = parseBody(z.object({ seats: z.array(z.string()).max(20).default([]), name: name.optional() }), request.body);
    let personId = await ctx.personOf(request);
    if (inv.kind === 'spectator') {
      if (body.seats.length) throw new HttpError(403, 'spectator-link', 'A spectator link shows the game; it gives no seat.');
    } else {
      if (!body.seats.length) throw new HttpError(400, 'bad-request', 'Choose at least one seat to claim.');
      const foreign = body.seats.find((s) => !inv.seats.includes(s));
      if (foreign) throw new HttpError(403, 'not-offered', `This invitation does not offer the seat "${foreign}".`);
    }
    const session = await ctx.sessionOf(inv.gameId);
    if (body.seats.length) {
      // One person may hold several seats of one team (the rules allow it), never seats of both.
      const held = personId ? (await ctx.people.members(inv.gameId, personId)).flatMap((m) => (m.seat ? [m.seat] : [])) : [];
      const teams = (seats: string[]) => new Set(seats.map((s) => session.module.teamOf(session.state, s))).size;
      if (teams(body.seats) > 1) throw new HttpError(409, 'other-team', 'These seats are of both teams: one person plays for one team.');
      if (teams([...held, ...body.seats]) > 1) throw new HttpError(409, 'other-team', 'You already hold a seat of the other team in this campaign: one person plays for one team.');
      // Refused before anyone is made or signed in: a refused claim changes nothing.
      const taken = (await ctx.people.holders(inv.gameId)).find((h) => h.seat && body.seats.includes(h.seat) && h.person_id !== personId);
      if (taken) throw new HttpError(409, 'seat-taken', `${session.seatLabel(taken.seat!)} is already held by someone else: the referee can free the seat for a new device.`);
    }
    if (!personId) {
      if (!body.name) throw new HttpError(400, 'bad-request', 'Give your name ("name"): the other players will see it.');
      personId = await ctx.people.createPerson(body.name);
      await ctx.signIn(request, personId);
    }
    if (inv.kind === 'spectator') {
      // A player or the referee opening the spectator link goes to the game as they are, not onto the list of spectators.
      if ((await ctx.people.members(inv.gameId, personId)).some((m) => m.seat || m.role === 'referee')) return { id: inv.gameId };
      await ctx.people.watch(inv.gameId, personId);
      ctx.broadcast.publish({ kind: 'frame', game: inv.gameId, frame: { type: 'seats' } }); // the referee's list of spectators
    } else {
      const clash = await ctx.people.claimSeats(inv.gameId, personId, body.seats);
      if (clash) throw new HttpError(409, 'seat-taken', `${session.seatLabel(clash.taken)} is already held by someone else: the referee can free the seat for a new device.`);
      ctx.broadcast.publish({ kind: 'frame', game: inv.gameId, frame: { type: 'seats' } }); // the referee's list of who holds which seat
    }
    reply.status(200);
    return { id: inv.gameId };
  });

  app.post('/api/magic-links', async (request, reply) => {
    const body = parseBody(z.object({ email }), request.body);
    const people = await ctx.people.peopleByEmail(body.email);
    if (people.length === 1) {
      // (Two people with one address, given before addresses were kept unique: no link, it could lead to either.)
      const t = await ctx.people.createMagicLink(people[0]);
      await ctx.mailer.send(body.email, 'Your Wardroom sign-in link', `Open this link to sign in to Wardroom on this device (it works once, for ${MAGIC_LINK_MINUTES} minutes):\n\n${ctx.baseUrl}/magic/${t}\n\nIf you did not ask for it, ignore this message.`);
    }
    reply.status(202); // the same answer whether or not the address is known
    return {};
  });

  app.post('/api/magic-links/consume', async (request) => {
    const body = parseBody(z.object({ token }), request.body);
    const personId = await ctx.people.consumeMagicLink(body.token);
    if (!personId) throw new HttpError(410, 'link-used', 'This sign-in link has been used or has expired: ask for a new one.');
    await ctx.signIn(request, personId);
    return { person: await ctx.people.person(personId) };
  });
}
