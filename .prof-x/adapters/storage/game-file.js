import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
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
export class GameFileError extends Error {
}
export function readGameFile(path) {
    let raw;
    try {
        raw = JSON.parse(readFileSync(path, 'utf8'));
    }
    catch (e) {
        throw new GameFileError(`${path}: not a readable JSON game file (${e.message})`);
    }
    const r = gameFileSchema.safeParse(raw);
    if (!r.success) {
        throw new GameFileError(`${path}: not a Wardroom game file: ${r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
    }
    return r.data;
}
/**
 * Write atomically: a temporary file beside the target is written and fsynced, then renamed over
 * it, so a crash leaves either the old file or the new one, never a torn one.
 */
export function writeGameFile(path, record) {
    const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    const fd = openSync(tmp, 'w');
    try {
        writeSync(fd, JSON.stringify(record, null, 1) + '\n');
        fsyncSync(fd);
    }
    finally {
        closeSync(fd);
    }
    renameSync(tmp, path);
    try {
        const dfd = openSync(dirname(path), 'r');
        fsyncSync(dfd);
        closeSync(dfd);
    }
    catch {
        // directories cannot be fsynced on every platform
    }
}
