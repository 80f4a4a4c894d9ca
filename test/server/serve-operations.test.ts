/**
 * `wardroom serve` as an operator runs it (issue 11): the cookie key given to every node
 * (--secret-key-file or WARDROOM_SECRET_KEY) instead of one made in the data folder, JSON log
 * lines on stdout, and a real SIGTERM that drains and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBaseUrl } from '../../src/adapters/cli/serve.ts';
import { BIN, ROOT } from '../support/cli.ts';
import { TWO_ZONE_FORM } from '../support/server.ts';
import { freePort } from '../support/ports.ts';

const DIR = mkdtempSync(join(tmpdir(), 'wardroom-serve-ops-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(DIR, { recursive: true, force: true });
});


/** `wardroom serve`; resolves once it says it runs (or has exited). */
async function serve(args: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 30_000;
  while (!out.stderr.includes('Wardroom is running') && child.exitCode === null) {
    if (Date.now() > deadline) throw new Error(`wardroom serve did not start: ${out.stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, out, exited, base: `http://127.0.0.1:${port}` };
}

describe('wardroom serve for several nodes (issue 11: operations)', () => {
  it('a key file shared by the nodes keeps people signed in across them (no cookie.key in the data folder); SIGTERM exits 0; the log is JSON lines', async () => {
    const key = randomBytes(32).toString('hex');
    const keyFile = join(DIR, 'secret.key');
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    const data = join(DIR, 'data');

    const a = await serve(['--data', data, '--secret-key-file', keyFile]);
    const created = await fetch(`${a.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...TWO_ZONE_FORM, name: 'Rita' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const cookie = created.headers.getSetCookie().find((c) => c.startsWith('wardroom='))!.split(';')[0];
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(existsSync(join(data, 'cookie.key'))).toBe(false);
    const lines = a.out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'request' && l.url === '/api/games')).toMatchObject({ method: 'POST', status: 201 });
    expect(a.out.stdout).not.toContain(cookie.split('=')[1]);

    // The next node gets the same key from the environment: the referee's cookie still works there.
    const b = await serve(['--data', data], { WARDROOM_SECRET_KEY: key });
    const mine = (await (await fetch(`${b.base}/api/me`, { headers: { cookie } })).json()) as { person: unknown; games: { id: string; referee: boolean }[] };
    expect(mine.person).not.toBeNull();
    expect(mine.games).toEqual([expect.objectContaining({ id, referee: true })]);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);

    // A node with another key does not know the cookie: signed out, not an error.
    const c = await serve(['--data', data, '--log-level', 'silent'], { WARDROOM_SECRET_KEY: randomBytes(32).toString('hex') });
    const me = await fetch(`${c.base}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ person: null, games: [] });
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    expect(c.out.stdout).toBe('');
  }, 90_000);

  it('a key that is not 64 hex digits is refused at start, saying how to make one', async () => {
    const r = await serve(['--data', join(DIR, 'data2')], { WARDROOM_SECRET_KEY: 'not-a-key' });
    expect(await r.exited).toBe(2);
    expect(r.out.stderr).toMatch(/WARDROOM_SECRET_KEY: not a 32-byte key.*openssl rand -hex 32/);
  }, 30_000);
});

/** stderr without the note that dist/ is older than src/. */
const said = (stderr: string) => stderr.split('\n').filter((l) => l && !l.startsWith('wardroom: dist/')).join('\n');

describe('wardroom serve as docs/deployment.md runs it', () => {
  it('--rate-limit N: a person (or address) gets N requests a minute, then 429; anything but a whole number above 0 is refused naming it', async () => {
    for (const bad of ['0', '-5', '2.5', 'many']) {
      const r = await serve(['--data', join(DIR, 'data-rl'), '--rate-limit', bad]);
      expect(await r.exited).toBe(2);
      expect(said(r.out.stderr)).toBe(`--rate-limit ${bad}: give a whole number of requests a minute, above 0.`);
    }
    const s = await serve(['--data', join(DIR, 'data-rl'), '--rate-limit', '3', '--log-level', 'silent']);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${s.base}/api/me`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fetch(`${s.base}/api/ready`)).status).toBe(200); // not counted
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('--secret-key-file naming no file: one line naming the option and the file, exit 2', async () => {
    const missing = join(DIR, 'no-such.key');
    const r = await serve(['--data', join(DIR, 'data-nokey'), '--secret-key-file', missing]);
    expect(await r.exited).toBe(2);
    expect(said(r.out.stderr)).toBe(`--secret-key-file ${missing}: there is no such file (make one with: openssl rand -hex 32 > ${missing}).`);
  }, 30_000);

  it('a port already taken: one line naming it, exit 2, and a data folder it made is not left behind (an existing one is kept)', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const fresh = join(DIR, 'data-busy');
      const r = await serve(['--data', fresh, '--port', String(port)]);
      expect(await r.exited).toBe(2);
      expect(said(r.out.stderr)).toMatch(new RegExp(`^Cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
      expect(existsSync(fresh)).toBe(false);

      const kept = join(DIR, 'data-kept');
      mkdirSync(kept);
      writeFileSync(join(kept, 'notes.txt'), 'mine');
      expect(await (await serve(['--data', kept, '--port', String(port)])).exited).toBe(2);
      expect(readdirSync(kept).sort()).toEqual(['cookie.key', 'notes.txt', 'wardroom.sqlite']);
    } finally {
      taken.close();
    }
  }, 30_000);

  it('the database and its write-ahead log are readable by their owner only; SIGTERM says the drain delay too; a second signal exits at once with code 1', async () => {
    const data = join(DIR, 'data-stop');
    const s = await serve(['--data', data, '--drain-delay', '5', '--log-level', 'silent']);
    const created = await fetch(`${s.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...TWO_ZONE_FORM, name: 'Rita' }) });
    expect(created.status).toBe(201);
    for (const f of ['wardroom.sqlite', 'wardroom.sqlite-wal', 'wardroom.sqlite-shm']) expect(statSync(join(data, f)).mode & 0o777, f).toBe(0o600);
    s.child.kill('SIGTERM');
    while (!s.out.stderr.includes('SIGTERM')) await new Promise((r) => setTimeout(r, 25));
    expect(s.out.stderr).toContain('SIGTERM: draining for 5 s (--drain-delay), then finishing requests in flight (at most 10 s more)…\n');
    const second = Date.now();
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(1);
    expect(Date.now() - second).toBeLessThan(2000);
  }, 30_000);
});

describe('wardroom serve --host 0.0.0.0 (every device on the network, README)', () => {
  it('the links in invitations use an address a phone can open, not 0.0.0.0: the network address, as the start-up line says', async () => {
    const s = await serve(['--data', join(DIR, 'data3'), '--host', '0.0.0.0', '--log-level', 'silent']);
    const running = /Wardroom is running at (\S+) /.exec(s.out.stderr)![1];
    expect(running).toBe(defaultBaseUrl('0.0.0.0', Number(new URL(s.base).port)));
    const created = await fetch(`${s.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...TWO_ZONE_FORM, name: 'Rita' }) });
    const { id } = (await created.json()) as { id: string };
    const cookie = created.headers.getSetCookie().find((c) => c.startsWith('wardroom='))!.split(';')[0];
    const invited = await fetch(`${s.base}/api/games/${id}/invitations`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ kind: 'table' }) });
    const { url } = (await invited.json()) as { url: string };
    expect(url.startsWith(`${running}/invite/`)).toBe(true);
    expect(url).not.toContain('0.0.0.0');
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 30_000);

  it('defaultBaseUrl: a wildcard host becomes the first external IPv4 address (localhost without one); an IPv6 host is bracketed; any other host is kept', () => {
    const lan = { lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }], eth0: [{ address: 'fe80::1', family: 'IPv6', internal: false }, { address: '192.168.1.20', family: 'IPv4', internal: false }] } as unknown as ReturnType<typeof networkInterfaces>;
    expect(defaultBaseUrl('0.0.0.0', 8080, lan)).toBe('http://192.168.1.20:8080');
    expect(defaultBaseUrl('::', 8080, lan)).toBe('http://192.168.1.20:8080');
    expect(defaultBaseUrl('0.0.0.0', 8080, { lo: lan.lo })).toBe('http://localhost:8080');
    expect(defaultBaseUrl('::1', 9000, lan)).toBe('http://[::1]:9000');
    expect(defaultBaseUrl('localhost', 8080, lan)).toBe('http://localhost:8080');
  });
});
