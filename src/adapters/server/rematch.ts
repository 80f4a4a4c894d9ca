import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newGameRecord } from '../../engine/session.ts';
import { newId } from '../storage/people.ts';
import type { Ctx } from './context.ts';
import { z } from 'zod';
import { HttpError, parseBody } from './http-errors.ts';

/**
 * A rematch (issue 10): the referee starts a new campaign with the same rules module and options
 * (a new seed, so a new dice commitment) and the same people in the same seats, or with sides
 * swapped (each player in the same place on the other side, where the rules module says which).
 * The two games are linked in the games table's `extra` JSON (`rematch` on the old one,
 * `rematchOf` on the new one): no migration. Every member is told over the old game's WebSocket
 * ({type: 'rematch', id}), finds the link on the old game's page and the new game in their list.
 */

export interface RematchLinks {
  /** The campaign started as this one's rematch. */
  rematch: string | null;
  /** The campaign this one is the rematch of. */
  rematchOf: string | null;
}

async function extraOf(ctx: Ctx, id: string): Promise<{ text: string; extra: Record<string, unknown> } | null> {
  const row = await ctx.store.db.selectFrom('games').select(['extra']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  let extra: Record<string, unknown> = {};
  try {
    extra = JSON.parse(row.extra) as Record<string, unknown>;
  } catch {
    /* an unreadable extra has no links */
  }
  return { text: row.extra, extra };
}

/** The game's rematch links (both null when it has none). */
export async function rematchLinks(ctx: Ctx, id: string): Promise<RematchLinks> {
  const e = (await extraOf(ctx, id))?.extra ?? {};
  return { rematch: typeof e.rematch === 'string' ? e.rematch : null, rematchOf: typeof e.rematchOf === 'string' ? e.rematchOf : null };
}

/** "X" → "Rematch: X" → "Rematch 2: X" → "Rematch 3: X": each generation told apart on the home page ("sides swapped" said). */
function rematchTitle(title: string, swap: boolean): string {
  const m = /^Rematch(?: (\d+))?(?: \(sides swapped\))?: (.*)$/s.exec(title);
  const what = `Rematch${m ? ` ${Number(m[1] ?? 1) + 1}` : ''}${swap ? ' (sides swapped)' : ''}`;
  return `${what}: ${m ? m[2] : title}`.slice(0, 120);
}

export function registerRematchRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post<{ Params: { id: string } }>('/api/games/:id/rematch', async (request, reply) => {
    const { id } = request.params;
    const personId = await ctx.requirePerson(request);
    const meta = await ctx.store.meta(id);
    if (!meta) throw new HttpError(404, 'no-such-game', `There is no game "${id}".`);
    const members = await ctx.store.db.selectFrom('members').select(['person_id', 'role', 'seat']).where('game_id', '=', id).execute();
    if (!members.some((m) => m.person_id === personId)) throw new HttpError(403, 'not-a-member', 'You hold no seat in this campaign: open an invitation link from its referee.');
    if (!members.some((m) => m.person_id === personId && m.role === 'referee')) throw new HttpError(403, 'not-referee', 'Only the referee starts a rematch: ask them.');
    const old = await extraOf(ctx, id);
    const before = await rematchLinks(ctx, id);
    if (before.rematch) throw new HttpError(409, 'rematch-exists', 'This campaign already has a rematch: open it from the link on this page.', { rematch: before.rematch });
    const record = await ctx.store.record(id);
    if (!record) throw new HttpError(404, 'no-such-game', `There is no game "${id}".`);
    const { swap } = parseBody(z.object({ swap: z.boolean().default(false) }), request.body ?? {});
    const module = await ctx.moduleOf(id);
    if (swap && !module.otherSide) throw new HttpError(422, 'no-sides', 'The sides of this game cannot be swapped: its rules have no two sides to trade.');
    // With sides swapped, each player takes the same place on the other side; the names the game keeps per seat follow them.
    const seatOf = (seat: string | null) => (swap && seat ? (module.otherSide!(seat) ?? seat) : seat);
    const seated = members.map((m) => ({ ...m, seat: seatOf(m.seat) }));
    const names = swap ? Object.fromEntries((await ctx.people.holders(id)).map((h) => [seatOf(h.seat)!, h.name])) : {};
    const options = swap && module.namePlayers ? module.namePlayers(record.options, names) : record.options;

    // The same module and options; a fresh seed (the old one may be public now), so new dice.
    const newGame = newId();
    const fresh = { ...newGameRecord(record.module, options, randomBytes(32).toString('hex')), rematchOf: id };
    const title = rematchTitle(meta.title, swap);
    await ctx.store.create(newGame, fresh, { title });
    await ctx.people.addMembers(newGame, seated);
    // Linked only if no other rematch was linked meanwhile (two clicks at once): else this one goes.
    const linked = await ctx.store.db
      .updateTable('games')
      .set({ extra: JSON.stringify({ ...old!.extra, rematch: newGame }) })
      .where('id', '=', id)
      .where('extra', '=', old!.text)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) !== 1) {
      await ctx.store.db.deleteFrom('games').where('id', '=', newGame).execute();
      const now2 = await rematchLinks(ctx, id);
      throw new HttpError(409, 'rematch-exists', 'This campaign already has a rematch: open it from the link on this page.', { rematch: now2.rematch });
    }
    ctx.broadcast.publish({ kind: 'frame', game: id, frame: { type: 'rematch', id: newGame } });
    ctx.notifications.changed(newGame).catch((e) => request.log.error(e)); // whoever the new game waits on, and is not on its page, is told; the rematch stands either way
    reply.status(201);
    return { id: newGame };
  });
}
