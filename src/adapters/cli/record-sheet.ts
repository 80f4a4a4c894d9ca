import { existsSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { notAViewer, viewerText } from './cwnb-commands.ts';

const out = (s: string) => process.stdout.write(s);
const err = (s: string) => process.stderr.write(s + '\n');

/**
 * `wardroom record-sheet FILE [--csv] [--html OUT] [--as VIEWER]`: the Victory Point Record Sheet
 * (10, 11) of a CWNB Campaign game. The engine and the rules module are loaded when the command
 * runs, not when it is registered (start-up of the other commands stays fast).
 */
export function registerRecordSheetCommand(program: Command): void {
  program
    .command('record-sheet')
    .description('The Victory Point Record Sheet of a CWNB Campaign game: VP banked per turn and War Zone, the status column, End Game bonuses and totals (10, 11)')
    .argument('<file>', 'game file')
    .option('--csv', 'print CSV (RFC 4180, one row per turn and War Zone, then the totals) instead of the text table')
    .option('--html <out>', 'also write the sheet as a printable HTML page to OUT')
    .option('--as <viewer>', 'build the sheet from the events this viewer may see: a seat (allied:mediterranean), a team (allied), referee or spectator; the sheet holds only public facts, so it is the same for all', 'spectator')
    .action(async (file: string, o: { csv?: boolean; html?: string; as: string }) => {
      process.exitCode = await recordSheetCommand(file, o);
    });
}

async function recordSheetCommand(file: string, o: { csv?: boolean; html?: string; as: string }): Promise<number> {
  const [{ GameFileError, readGameFile }, { isRuleError }, { Session }, { parseViewer }, { cwnb }, sheets] = await Promise.all([
    import('../storage/game-file.ts'),
    import('../../engine/errors.ts'),
    import('../../engine/session.ts'),
    import('../../engine/viewer.ts'),
    import('../../modules/cwnb/index.ts'),
    import('../../modules/cwnb/record-sheet.ts'),
  ]);
  if (!existsSync(file)) {
    err(`${file}: no such file.`);
    return 1;
  }
  let record;
  try {
    record = readGameFile(file);
  } catch (e) {
    if (!(e instanceof GameFileError)) throw e;
    err(e.message);
    return 1;
  }
  if (record.module !== cwnb.id) {
    err(`${file}: a "${record.module}" game; the Victory Point Record Sheet is kept for CWNB Campaign games (${cwnb.id}).`);
    return 1;
  }
  const session = Session.open(cwnb, record);
  if (isRuleError(session)) {
    err(`${file}: ${session.index !== undefined && session.index >= 0 ? `action #${session.index}: ` : ''}${session.message}`);
    return 1;
  }
  const seats = cwnb.seats(session.state);
  const teams = cwnb.teams(session.state);
  const viewer = parseViewer(viewerText(o.as, session.state, teams), seats, teams);
  if (!viewer) {
    err(notAViewer(o.as, file, session.state, seats, teams));
    return 2;
  }
  const sheet = sheets.recordSheet(sheets.sheetGame(session.state), session.eventsFor(viewer));
  const title = basename(file);
  if (o.html) {
    try {
      writeFileSync(o.html, sheets.recordSheetHtml(sheet, title));
    } catch (e) {
      err(`${o.html}: cannot write the HTML page (${(e as Error).message}).`);
      return 1;
    }
    err(`Wrote the record sheet of ${file} to ${o.html}.`);
  }
  out(o.csv ? sheets.recordSheetCsv(sheet) : sheets.recordSheetText(sheet, title) + '\n');
  return 0;
}
