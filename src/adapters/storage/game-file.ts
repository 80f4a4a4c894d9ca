import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { GameRecord } from '../../engine/session.ts';

/**
 * The game file: module id, options, seed commitment (and seed), and the action log. Version 1
 * files (Wardroom 0.1) are read and migrated as they replay; unknown top-level fields are kept.
 */
export const gameFileSchema = z
  .object({
    format: z.literal('wardroom-game'),
    version: z.union([z.literal(1), z.literal(2)]),
    module: z.string(),
    options: z.unknown(),
    seedCommitment: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
    seed: z.string().nullable().optional(),
    log: z.array(z.object({ type: z.string(), seat: z.string() }).passthrough()),
  })
  .passthrough();

export class GameFileError extends Error {}

export function readGameFile(path: string): GameRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new GameFileError(`${path}: not a readable JSON game file (${(e as Error).message})`);
  }
  const r = gameFileSchema.safeParse(raw);
  if (!r.success) {
    throw new GameFileError(`${path}: not a Wardroom game file: ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  }
  return r.data as GameRecord;
}

/**
 * Write atomically: a temporary file beside the target is written and fsynced, then renamed over
 * it, so a crash leaves either the old file or the new one, never a torn one.
 */
export function writeGameFile(path: string, record: GameRecord): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(record, null, 1) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  try {
    const dfd = openSync(dirname(path), 'r');
    fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    // directories cannot be fsynced on every platform
  }
}

// ---------------------------------------------------------------------------------------------
// One player process per game file

/** What a game file looked like when this process last read or wrote it. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

export function stampOf(path: string): FileStamp {
  const s = statSync(path);
  return { mtimeMs: s.mtimeMs, size: s.size };
}

/** Refuse when the file is no longer what this process last read or wrote (another program wrote it). */
export function checkUnchanged(path: string, stamp: FileStamp): void {
  const now = stampOf(path);
  if (now.mtimeMs !== stamp.mtimeMs || now.size !== stamp.size) {
    throw new GameFileError(`${path} changed on disk after Wardroom read it (another program wrote it); nothing was saved over it. Quit and open it again.`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Lock a game file for this process (`FILE.lock`, holding who has it). A second process is refused
 * with who holds the lock; a lock left by a process that is gone is taken over. Temporary files
 * left by a crashed write (`.FILE.PID.tmp`) are removed. Returns the release function.
 */
export function lockGameFile(path: string, who: string): () => void {
  const lock = `${path}.lock`;
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), who, since: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw new GameFileError(`${path}: cannot lock it (${(e as Error).message}).`);
      let holder: { pid?: number; host?: string; who?: string; since?: string } = {};
      try {
        holder = JSON.parse(readFileSync(lock, 'utf8'));
      } catch {
        // an unreadable lock is stale
      }
      if (holder.pid && holder.host === hostname() && alive(holder.pid)) {
        throw new GameFileError(`${path} is open in another Wardroom (${holder.who ?? 'play'}, process ${holder.pid}, since ${holder.since}). Close it there first.`);
      }
      if (holder.host && holder.host !== hostname()) {
        throw new GameFileError(`${path} is open in Wardroom on ${holder.host} (process ${holder.pid}, since ${holder.since}). Close it there first, or delete ${lock} if that machine is gone.`);
      }
      rmSync(lock, { force: true });
    }
  }
  const prefix = `.${basename(path)}.`;
  for (const f of readdirSync(dirname(path))) {
    const pid = f.startsWith(prefix) && f.endsWith('.tmp') ? Number(f.slice(prefix.length, -4)) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(join(dirname(path), f), { force: true });
  }
  let released = false;
  const release = () => {
    if (!released) rmSync(lock, { force: true });
    released = true;
  };
  process.once('exit', release);
  return release;
}
