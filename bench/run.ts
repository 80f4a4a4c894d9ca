/**
 * `npm run bench`: runs every `bench/*.bench.ts` (each exports `async function run(): Promise<string>`
 * returning a markdown section) one after the other and prints the combined report, headed by the
 * machine it ran on. A bench that is missing is simply not run; one that throws is reported and
 * makes the exit code non-zero, and the others still run.
 *
 *   npm run bench                 # all benches
 *   npm run bench -- cwnb         # only bench files whose name contains "cwnb"
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg, totalmem, platform, arch } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function machineInfo(): string {
  const c = cpus();
  return [
    `- CPU: ${c[0]?.model ?? 'unknown'} × ${c.length} logical cores`,
    `- Node ${process.version} (${platform()} ${arch()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `- load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min; above ~0.5 the figures are slowed by other work)`,
  ].join('\n');
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
    .sort();
  const sections: string[] = [`# Wardroom benchmarks\n\n${new Date().toISOString()}\n\n${machineInfo()}`];
  let failed = 0;
  if (!files.length) sections.push(`No bench files${filters.length ? ` matching ${filters.join(', ')}` : ''} in bench/.`);
  for (const f of files) {
    const t0 = process.hrtime.bigint();
    process.stderr.write(`running ${f} …\n`);
    try {
      const mod = (await import(pathToFileURL(join(here, f)).href)) as { run?: () => Promise<string> };
      if (typeof mod.run !== 'function') throw new Error('it does not export `async function run(): Promise<string>`');
      sections.push((await mod.run()).trim());
    } catch (e) {
      failed++;
      sections.push(`## ${f}\n\nFAILED: ${(e as Error)?.stack ?? e}`);
    }
    process.stderr.write(`  ${f}: ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s\n`);
  }
  console.log(sections.join('\n\n') + '\n');
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
