/**
 * A throwaway PostgreSQL cluster for a test run (issue 11): `initdb` into a temporary folder, the
 * server on a free loopback port with its socket in that folder, trust authentication, stopped and
 * removed at the end. One cluster per `npm test` run (test/global-setup-postgres.ts starts it);
 * each test file gets its own database (`freshDatabase`).
 *
 * initdb and postgres refuse to run as root: as root they run as the `postgres` system user
 * (created when missing), otherwise as the current user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

/** Where Debian puts PostgreSQL's programs (the newest version found), or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

export const MISSING_POSTGRES = "PostgreSQL's programs (initdb, pg_ctl) are not under /usr/lib/postgresql/*/bin: install them with \"sudo apt-get install -y postgresql\" to run the PostgreSQL tests.";

/** Whether the PostgreSQL tests must run (CI, or WARDROOM_TEST_PG=required): then a missing PostgreSQL fails the run. */
export const postgresRequired = () => process.env.WARDROOM_TEST_PG === 'required' || !!process.env.CI;

export interface Cluster {
  /** The server's URL without a database name, e.g. postgres://postgres@127.0.0.1:PORT */
  url: string;
  /** The cluster's data folder (its postmaster.pid names the server process). */
  dataDir: string;
  stop(): void;
}


/** Run a program, as `user` when given (runuser); its output, or an error with what it printed. */
function run(user: string | null, cmd: string, args: string[]): string {
  const [file, argv] = user ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8', cwd: '/' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr || r.stdout || r.error?.message}`);
  return r.stdout;
}

/** Start a fresh cluster; throws with a clear message when PostgreSQL is missing or will not start. */
export async function startCluster(opts: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(MISSING_POSTGRES);
  const root = process.getuid?.() === 0;
  const user = root ? 'postgres' : null;
  if (root && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  }
  const dir = mkdtempSync(join(tmpdir(), 'wardroom-pg-'));
  chmodSync(dir, 0o700);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(user, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  // Another cluster (another test run) may take the port between our look and its start: try a few.
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    // Tests need no durability (the cluster is thrown away); a benchmark keeps PostgreSQL's defaults (`durable`).
    const fast = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
    try {
      run(user, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
    } catch (e) {
      lastError = e;
      continue;
    }
    run(user, join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '10']);
    return {
      url: `postgres://postgres@127.0.0.1:${port}`,
      dataDir: data,
      stop() {
        spawnSync(...((user ? ['runuser', ['-u', user, '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']] : [join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']]) as [string, string[]]), { cwd: '/' });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`PostgreSQL would not start: ${(lastError as Error).message}`);
}

let counter = 0;

/** A new, empty database on the cluster for one test file (or one server); its URL. */
export async function freshDatabase(clusterUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `wardroom_${process.pid}_${++counter}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: `${clusterUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${clusterUrl}/${name}`;
}
