/**
 * Issue 10, "Chat per campaign: everyone, team only, referee; unread markers; hidden from
 * spectators; a chat message can notify like a turn does". Everything each person receives
 * (answers and WebSocket frames) is searched for the messages they may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/adapters/storage/chat.ts';
import { claim, createCampaign, invite, startServer, type Client, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const idOf = async (c: Client): Promise<string> => (await c.get('/api/me')).body.person.id;

/**
 * A two-zone campaign: the referee Rita; Ann (Allied, Mediterranean) and Abe (Allied, North
 * Atlantic) on one team; Boris (both Soviet seats); the spectator Sam.
 */
async function table() {
  const rita = server.person('Rita');
  const id = await createCampaign(rita);
  const ann = server.person('Ann');
  const abe = server.person('Abe');
  const boris = server.person('Boris');
  const sam = server.person('Sam');
  for (const [p, kind, seats, which] of [
    [ann, 'seat', ['allied:mediterranean'], { seat: 'allied:mediterranean' }],
    [abe, 'seat', ['allied:north-atlantic'], { seat: 'allied:north-atlantic' }],
    [boris, 'team', ['soviet:mediterranean', 'soviet:north-atlantic'], { team: 'soviet' }],
    [sam, 'spectator', [], {}],
  ] as const) {
    const r = await claim(p, await invite(rita, id, kind, which), [...seats]);
    expect(r.status, r.text).toBe(200);
  }
  const chat = `/api/games/${id}/chat`;
  const say = async (who: Client, channel: string, text: string) => {
    const r = await who.post(chat, { channel, text });
    expect(r.status, `${who.name} in ${channel}: ${r.text}`).toBe(201);
    return r.body.message as { seq: number; channel: string; label: string; author: string; mine: boolean; text: string; at: string };
  };
  const read = async (who: Client, after?: string) => {
    const r = await who.get(`${chat}${after === undefined ? '' : `?after=${encodeURIComponent(after)}`}`);
    expect(r.status, r.text).toBe(200);
    return r.body as { channels: { id: string; label: string; unread: number; lastRead: number; last: number }[]; messages: { seq: number; channel: string; text: string; author: string; label: string; mine: boolean }[] };
  };
  return { id, chat, rita, ann, abe, boris, sam, say, read };
}

describe('chat channels (issue 10)', () => {
  it('each person reads exactly the channels they may: everyone, their own team, their private line with the referee', async () => {
    const t = await table();
    const annId = await idOf(t.ann);
    const abeId = await idOf(t.abe);
    const borisId = await idOf(t.boris);
    expect((await t.read(t.ann)).channels.map((c) => [c.id, c.label])).toEqual([
      ['all', 'Everyone'],
      ['team:allied', 'Allied team'],
      [`referee:${annId}`, 'Referee (private)'],
    ]);
    expect((await t.read(t.boris)).channels.map((c) => c.id)).toEqual(['all', 'team:soviet', `referee:${borisId}`]);
    // The referee: everyone, and a private line with each player; not the teams' table talk.
    expect((await t.read(t.rita)).channels.map((c) => [c.id, c.label])).toEqual([
      ['all', 'Everyone'],
      [`referee:${annId}`, 'Ann (private)'],
      [`referee:${abeId}`, 'Abe (private)'],
      [`referee:${borisId}`, 'Boris (private)'],
    ]);

    const hello = await t.say(t.rita, 'all', 'Welcome aboard, all of you.');
    expect(hello).toMatchObject({ channel: 'all', author: 'Rita', label: 'Referee', mine: true });
    expect(new Date(hello.at).toISOString()).toBe(hello.at); // UTC
    const plan = await t.say(t.ann, 'team:allied', 'Abe: I will take the carrier to the Mediterranean.');
    expect(plan.label).toBe('Allied, Mediterranean');
    await t.say(t.boris, 'team:soviet', 'Submarines first, comrades.');
    await t.say(t.ann, `referee:${annId}`, 'Rita, may I swap seats with Abe next turn?');
    await t.say(t.rita, `referee:${annId}`, 'Yes, Ann, after turn 1.');
    await t.say(t.abe, `referee:${abeId}`, 'I will be away on Friday.');

    const texts = async (who: Client) => (await t.read(who)).messages.map((m) => `${m.channel.replace(/:.*/, '')} ${m.author}: ${m.text}`);
    expect(await texts(t.ann)).toEqual(['all Rita: Welcome aboard, all of you.', 'team Ann: Abe: I will take the carrier to the Mediterranean.', 'referee Ann: Rita, may I swap seats with Abe next turn?', 'referee Rita: Yes, Ann, after turn 1.']);
    expect(await texts(t.abe)).toEqual(['all Rita: Welcome aboard, all of you.', 'team Ann: Abe: I will take the carrier to the Mediterranean.', 'referee Abe: I will be away on Friday.']);
    expect(await texts(t.boris)).toEqual(['all Rita: Welcome aboard, all of you.', 'team Boris: Submarines first, comrades.']);
    expect(await texts(t.rita)).toEqual(['all Rita: Welcome aboard, all of you.', 'referee Ann: Rita, may I swap seats with Abe next turn?', 'referee Rita: Yes, Ann, after turn 1.', 'referee Abe: I will be away on Friday.']);

    // after=CHANNEL:SEQ,…: only what came later in each channel named; a channel not named from its start.
    const later = await t.read(t.ann, `all:${hello.seq},team:allied:${plan.seq}`);
    expect(later.messages.map((m) => m.text)).toEqual(['Rita, may I swap seats with Abe next turn?', 'Yes, Ann, after turn 1.']);
    expect((await t.read(t.ann, `all:0,team:allied:${plan.seq},referee:${annId}:1`)).messages.map((m) => m.text)).toEqual(['Welcome aboard, all of you.', 'Yes, Ann, after turn 1.']);
  });

  it('each channel numbers its own messages: a team\'s talk and the private lines leave no gap in what the others read', async () => {
    const t = await table();
    const annId = await idOf(t.ann);
    await t.say(t.ann, 'all', 'Morning.');
    await t.say(t.ann, 'team:allied', 'Carrier north.');
    await t.say(t.abe, 'team:allied', 'Agreed.');
    await t.say(t.ann, `referee:${annId}`, 'Late tonight.');
    await t.say(t.boris, 'team:soviet', 'Subs out.');
    const last = await t.say(t.boris, 'all', 'Morning to you.');
    expect(last.seq).toBe(2);
    const boris = await t.read(t.boris);
    expect(boris.messages.map((m) => [m.channel, m.seq])).toEqual([
      ['all', 1],
      ['team:soviet', 1],
      ['all', 2],
    ]);
    expect(boris.channels.find((c) => c.id === 'all')!.last).toBe(2);
    expect((await t.read(t.abe)).messages.filter((m) => m.channel === 'team:allied').map((m) => m.seq)).toEqual([1, 2]);
  });

  it('a team message is never returned or sent live to the other team, the referee, or a spectator; a teammate gets it live', async () => {
    const t = await table();
    const [abe, boris, sam, rita] = await Promise.all([t.abe.live(t.id), t.boris.live(t.id), t.sam.live(t.id), t.rita.live(t.id)]);
    const abeAsSpectator = await t.abe.live(t.id, { as: 'spectator' }); // a spectator's view carries no chat, whoever looks
    const secret = 'ALLIED-PLAN-7: the carrier sails for Malta';
    await t.say(t.ann, 'team:allied', secret);
    const frame = await abe.until((f) => f.type === 'chat');
    expect(frame.message).toMatchObject({ channel: 'team:allied', author: 'Ann', label: 'Allied, Mediterranean', text: secret, mine: false });
    // A message to everyone after it: when it has arrived, the team message would have too.
    await t.say(t.ann, 'all', 'Good luck, everyone.');
    for (const live of [boris, rita, abe]) await live.until((f) => f.type === 'chat' && f.message.channel === 'all');
    await new Promise((r) => setTimeout(r, 200));
    expect(sam.frames.filter((f) => f.type === 'chat'), 'a spectator gets no chat frame at all').toEqual([]);
    expect(abeAsSpectator.frames.filter((f) => f.type === 'chat')).toEqual([]);
    // And through the API.
    await t.read(t.boris);
    await t.read(t.rita);
    expect((await t.sam.get(t.chat)).status).toBe(403);
    await t.sam.page(t.id);
    for (const who of [t.boris, t.sam, t.rita]) expect(who.received.filter((x) => x.includes('ALLIED-PLAN-7')), who.name).toEqual([]);
    expect(t.abe.received.some((x) => x.includes('ALLIED-PLAN-7'))).toBe(true); // the search finds what it looks for
  });

  it('spectators see no chat and cannot post: a 403 that says so', async () => {
    const t = await table();
    await t.say(t.rita, 'all', 'Players only here.');
    const get = await t.sam.get(t.chat);
    expect(get.status).toBe(403);
    expect(get.body.error).toMatchObject({ code: 'spectators-no-chat' });
    expect(get.body.error.message).toMatch(/spectators do not see it/);
    expect(get.text).not.toContain('Players only here.');
    const post = await t.sam.post(t.chat, { channel: 'all', text: 'hello?' });
    expect(post.status).toBe(403);
    expect(post.body.error.code).toBe('spectators-no-chat');
    expect((await t.sam.post(`${t.chat}/read`, { channel: 'all', seq: 1 })).status).toBe(403);
    expect((await t.read(t.rita)).messages.map((m) => m.text)).toEqual(['Players only here.']); // nothing stored
    const stranger = server.person('Stranger'); // no cookie: 401
    expect((await stranger.get(t.chat)).status).toBe(401);
    expect((await t.ann.get('/api/games/nonesuch/chat')).status).toBe(404);
  });

  it('refusals are typed, name the field and change nothing: empty, too long, not text, unknown channel, the other team, another player\'s line with the referee', async () => {
    const t = await table();
    const borisId = await idOf(t.boris);
    const cases: [unknown, number, string, string, RegExp][] = [
      [{ channel: 'all', text: '' }, 400, 'empty-message', 'text', /empty/],
      [{ channel: 'all', text: '  \n\t ' }, 400, 'empty-message', 'text', /empty/],
      [{ channel: 'all', text: 'x'.repeat(1001) }, 400, 'message-too-long', 'text', /at most 1000 characters; this one has 1001/],
      [{ channel: 'all', text: 'x'.repeat(30_000) }, 400, 'bad-request', 'text', /^text: is too long/],
      [{ channel: 'all' }, 400, 'bad-request', 'text', /^text: is missing/],
      [{ channel: 'all', text: 42 }, 400, 'bad-request', 'text', /^text: is not understood/],
      [{ text: 'hi' }, 400, 'bad-request', 'channel', /^channel: is missing/],
      [{ channel: 'team:navy', text: 'hi' }, 422, 'no-such-channel', 'channel', /no chat channel "team:navy"/],
      [{ channel: 'team:soviet', text: 'hi' }, 403, 'not-your-channel', 'channel', /may not read or write "team:soviet"/],
      [{ channel: `referee:${borisId}`, text: 'hi' }, 403, 'not-your-channel', 'channel', /may not/],
      // Another person's line with the referee is refused alike whether or not that person is in the campaign: no oracle of who is.
      [{ channel: 'referee:no-such-person', text: 'hi' }, 403, 'not-your-channel', 'channel', /may not read or write "referee:no-such-person"/],
    ];
    for (const [body, status, code, field, message] of cases) {
      const r = await t.ann.post(t.chat, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.field).toBe(field);
      expect(r.body.error.message).toMatch(message);
      expect(r.text).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    }
    expect((await t.read(t.ann)).messages).toEqual([]);
    // Exactly 1000 characters is fine (characters, not bytes: ⚓ is one); surrounding blanks are trimmed.
    const max = await t.say(t.ann, 'all', `  ${'⚓'.repeat(1000)}  `);
    expect([...max.text]).toHaveLength(1000);
    const bad = await t.ann.get(`${t.chat}?after=soon`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'bad-request', field: 'after' });
    expect((await t.ann.post(`${t.chat}/read`, { channel: 'team:soviet', seq: 1 })).status).toBe(403);
    expect((await t.ann.post(`${t.chat}/read`, { channel: 'all', seq: -1 })).body.error.field).toBe('seq');
  });

  it('unread counts per person and channel: others\' messages after the read marker; marking read clears them; one\'s own never count', async () => {
    const t = await table();
    const unread = async (who: Client) => Object.fromEntries((await t.read(who)).channels.map((c) => [c.id.startsWith('referee:') ? 'referee' : c.id, c.unread]));
    await t.say(t.ann, 'team:allied', 'one');
    await t.say(t.ann, 'team:allied', 'two');
    const everyone = await t.say(t.rita, 'all', 'three');
    expect(await unread(t.ann)).toEqual({ all: 1, 'team:allied': 0, referee: 0 });
    expect(await unread(t.abe)).toEqual({ all: 1, 'team:allied': 2, referee: 0 });
    expect(await unread(t.boris)).toEqual({ all: 1, 'team:soviet': 0, referee: 0 });
    expect(await unread(t.rita)).toEqual({ all: 0, referee: 0 });

    const team = (await t.read(t.abe)).channels.find((c) => c.id === 'team:allied')!;
    expect(team.last).toBeGreaterThan(0);
    const marked = await t.abe.post(`${t.chat}/read`, { channel: 'team:allied', seq: team.last });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.channels.find((c: { id: string }) => c.id === 'team:allied')).toMatchObject({ unread: 0, lastRead: team.last });
    expect(await unread(t.abe)).toEqual({ all: 1, 'team:allied': 0, referee: 0 });
    await t.abe.post(`${t.chat}/read`, { channel: 'team:allied', seq: 0 }); // a marker never moves back
    expect((await unread(t.abe))['team:allied']).toBe(0);
    // A marker past the last message stops at it: later messages are unread.
    await t.abe.post(`${t.chat}/read`, { channel: 'all', seq: everyone.seq + 100 });
    await t.say(t.ann, 'all', 'four');
    expect(await unread(t.abe)).toEqual({ all: 1, 'team:allied': 0, referee: 0 });
    // Writing marks the channel read for the writer.
    await t.say(t.abe, 'all', 'five');
    expect((await unread(t.abe)).all).toBe(0);
    expect((await unread(t.boris)).all).toBe(3);
  });

  it('a chat message calls the Ctx hook with the people who may read it, not its author (where notifications hook in)', async () => {
    const t = await table();
    const calls: { game: string; message: ChatMessage; recipients: string[]; channelName: string }[] = [];
    server.ctx.onChat = (game, message, recipients, channelName) => void calls.push({ game, message, recipients, channelName });
    try {
      const [rita, ann, abe, boris] = await Promise.all([t.rita, t.ann, t.abe, t.boris].map(idOf));
      await t.say(t.ann, 'team:allied', 'hook one');
      await t.say(t.boris, 'all', 'hook two');
      await t.say(t.rita, `referee:${ann}`, 'hook three');
      expect(calls.map((c) => [c.game, c.message.text, [...c.recipients].sort(), c.channelName])).toEqual([
        [t.id, 'hook one', [abe], 'Allied team'],
        [t.id, 'hook two', [rita, ann, abe].sort(), 'everyone'],
        [t.id, 'hook three', [ann], 'private referee'],
      ]);
      expect(calls[0].message.authorId).toBe(ann);
      expect(calls[0].recipients).not.toContain(boris); // a team message notifies only the team
      // A failing hook does not lose the message.
      server.ctx.onChat = () => {
        throw new Error('the mail server is down');
      };
      await t.say(t.abe, 'team:allied', 'still sent');
      expect((await t.read(t.ann)).messages.map((m) => m.text)).toContain('still sent');
    } finally {
      server.ctx.onChat = undefined;
    }
  });

  it('hot-seat: a person holding seats of both teams (the demo\'s referee) reads and writes both team channels, and speaks as that team', async () => {
    const solo = server.person('Solo');
    const r = await solo.post('/api/demo', { name: 'Solo' });
    expect(r.status).toBe(201);
    const chat = `/api/games/${r.body.id}/chat`;
    const list = await solo.get(chat);
    expect(list.body.channels.map((c: { id: string }) => c.id)).toEqual(['all', 'team:allied', 'team:soviet']);
    const a = await solo.post(chat, { channel: 'team:soviet', text: 'as the Soviets' });
    expect(a.status).toBe(201);
    expect(a.body.message.label).toBe('Soviet');
    expect((await solo.post(chat, { channel: 'all', text: 'as myself' })).body.message.label).toBe('Referee');
  });
});
