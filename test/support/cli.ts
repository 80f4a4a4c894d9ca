/** Running the `wardroom` command as a user runs it, in a child process (the compiled CLI in dist/). */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { main } from '../../src/adapters/cli/main.ts';
import { newGameRecord } from '../../src/engine/session.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'wardroom.js');
export const TMP = mkdtempSync(join(tmpdir(), 'wardroom-cli-test-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Run `wardroom ARGS` with `input` piped to stdin (then closed), and `env` added to the environment. */
export function wardroom(args: string[], input = '', env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, timeout: 60_000, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

let n = 0;
/** A fresh game file (written directly, as `wardroom new` would) in the temporary folder. */
export function newGame(options: Record<string, unknown>, seed = 'cli-test'): string {
  const file = join(TMP, `game-${++n}.json`);
  writeFileSync(file, JSON.stringify(newGameRecord('cwnb-campaign', options, seed), null, 1));
  return file;
}

export function log(file: string): { type: string; seat: string; [k: string]: unknown }[] {
  return JSON.parse(readFileSync(file, 'utf8')).log;
}


/**
 * `wardroom smp …` run in this process, its console output captured: `out` and `err` are emptied
 * before each test (call at the top of a file or a describe block).
 */
export function smpCli(): { out: string[]; err: string[]; run: (...args: string[]) => Promise<number> } {
  const out: string[] = [];
  const err: string[] = [];
  beforeEach(() => {
    out.length = 0;
    err.length = 0;
    process.exitCode = undefined;
    vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });
  return { out, err, run: (...args) => main(['node', 'wardroom', 'smp', ...args]) };
}

/**
 * Run `wardroom ARGS` at a terminal `columns` wide (a pseudo-terminal made by util-linux's
 * `script`, in Debian's essential bsdutils), in `cwd`: each step waits until the screen shows `until`, then types `keys`
 * (Ctrl-D is "\x04"). The screen as it was when the command ended, and its exit code.
 */
export function atTerminal(args: string[], steps: { until: RegExp; keys: string }[], cwd: string, columns = 250): Promise<{ code: number | null; screen: string }> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return new Promise((resolve, reject) => {
    const command = `stty cols ${columns} rows 40; ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, timeout: 60_000 });
    let screen = '';
    let seen = 0; // where the next step looks from
    const next = () => {
      const step = steps[0];
      const at = step ? screen.slice(seen).search(step.until) : -1;
      if (at < 0) return;
      seen += at + 1;
      steps.shift();
      child.stdin.write(step.keys);
      next();
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      screen += d;
      next();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen: screen.replace(/\r\n/g, '\n') }));
  });
}
