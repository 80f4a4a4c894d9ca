import type { FastifyInstance } from 'fastify';
import type { Session } from '../../engine/session.ts';
import { SPECTATOR } from '../../engine/viewer.ts';
import { campaignRecordOf, sheetOf, type CampaignRecord } from '../../modules/cwnb/campaign-record.ts';
import { cwnb } from '../../modules/cwnb/index.ts';
import { recordSheetCsv, type RecordSheet } from '../../modules/cwnb/record-sheet.ts';
import type { CwnbState } from '../../modules/cwnb/state.ts';
import type { Ctx } from './context.ts';
import { accessOf } from './game-routes.ts';
import { HttpError } from './http-errors.ts';

/**
 * The Victory Point Record Sheet online (issue 10; rules 10, 11): the plots' series, the
 * end-of-campaign result and the sheet's tables as JSON, and the sheet as CSV — the numbers of
 * `wardroom record-sheet FILE [--csv]`, from the same code (src/modules/cwnb/record-sheet.ts).
 *
 * The sheet holds only public facts: it is built from the events a spectator receives, whoever
 * asks (any member of the campaign), so no team's secret can reach it.
 */

/**
 * The sheet of a CWNB campaign, as a spectator's events give it, naming the people who hold the
 * seats online now (as the game page and the exported file do; a seat nobody holds keeps the name
 * the file or the create form gave it).
 */
async function publicSheet(ctx: Ctx, id: string, session: Session<unknown>): Promise<RecordSheet> {
  if (session.module.id !== cwnb.id) throw new HttpError(404, 'no-record-sheet', `The Victory Point Record Sheet is kept for CWNB Campaign games; this is a "${session.module.id}" game.`);
  const state = session.state as CwnbState;
  const online = Object.fromEntries((await ctx.people.holders(id)).flatMap((h) => (h.seat ? [[h.seat, h.name]] : [])));
  return sheetOf({ ...state, holders: { ...state.holders, ...online } }, session.eventsFor(SPECTATOR));
}

export function registerRecordRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (request): Promise<CampaignRecord & { game: { id: string; title: string; version: number } }> => {
    const { id } = request.params;
    await accessOf(ctx, request, id);
    const session = await ctx.sessionOf(id);
    const meta = (await ctx.store.meta(id))!;
    return { game: { id, title: meta.title, version: session.version }, ...campaignRecordOf(await publicSheet(ctx, id, session)) };
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/record.csv', async (request, reply) => {
    const { id } = request.params;
    await accessOf(ctx, request, id);
    const session = await ctx.sessionOf(id);
    const csv = recordSheetCsv(await publicSheet(ctx, id, session));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="wardroom-${id.replace(/[^a-z0-9-]/gi, '-')}-record-sheet.csv"`);
    return csv;
  });
}
