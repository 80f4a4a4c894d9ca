/**
 * Validation of the rules data files with the zod schemas of schema.ts. index.ts exports the
 * files as they are, without validating them on every start; this runs instead in the test suite
 * (test/cwnb/data/schema.test.ts), in the build (scripts/build.js builds no dist/ when it throws)
 * and in bin/wardroom.js before it runs src/ through tsx, so the data the CLI runs with has been
 * validated.
 *
 * Beyond the schemas, each file must already be exactly what the schema would give back (no
 * whitespace to trim, keys in the schema's order), so that trusting a file yields the same data,
 * to the byte, as validating it at load would.
 */
import type { z } from 'zod';
import { ACTION_CARDS, DEMO_ROSTER, DEMO_STARTING_POINTS, SPECIAL_CIRCUMSTANCES, VICTORY_LEVELS, ZONES, ZONE_IDS } from './index.ts';
import { ActionCardDataSchema, DemoStartingPointsSchema, RosterSchema, SpecialConditionsTableSchema, VictoryLevelDataSchema, ZoneDataSchema, parseOrThrow } from './schema.ts';

export interface DataFile {
  file: string;
  schema: z.ZodType;
  data: unknown;
}

/** Every rules data file as index.ts exports it, with its schema. */
export function shippedDataFiles(): DataFile[] {
  return [
    ...ZONES.map((data, i) => ({ file: `zones/${ZONE_IDS[i]}.json`, schema: ZoneDataSchema, data })),
    { file: 'action-cards.json', schema: ActionCardDataSchema, data: ACTION_CARDS },
    { file: 'special-circumstances.json', schema: SpecialConditionsTableSchema, data: SPECIAL_CIRCUMSTANCES },
    { file: 'demo-roster.json', schema: RosterSchema, data: DEMO_ROSTER },
    { file: 'demo-starting-points.json', schema: DemoStartingPointsSchema, data: DEMO_STARTING_POINTS },
    { file: 'victory-levels.json', schema: VictoryLevelDataSchema, data: VICTORY_LEVELS },
  ];
}

/** Throws an Error naming the file and every problem when a data file is not valid as it is. */
export function validateRulesData(files: DataFile[] = shippedDataFiles()): void {
  for (const { file, schema, data } of files) {
    const parsed = parseOrThrow(schema, data, file);
    const [given, read] = [data, parsed].map((d) => JSON.stringify(d, null, 1).split('\n').map((l) => l.trim().replace(/,$/, '')));
    const line = given.findIndex((l, i) => l !== read[i]);
    if (line >= 0) {
      throw new Error(`Invalid CWNB rules data in ${file}: the schema reads ${given[line]} as ${read[line]} (whitespace around a text, or keys out of the schema's order)`);
    }
    const record = data as { id?: string; demo?: boolean };
    const zoneId = /^zones\/(.+)\.json$/.exec(file)?.[1];
    if (zoneId && record.id !== zoneId) throw new Error(`Invalid CWNB rules data in ${file}: id is "${record.id}", expected "${zoneId}"`);
    if (file === 'demo-roster.json' && record.demo !== true) throw new Error('Invalid CWNB rules data in demo-roster.json: "demo" must be true');
  }
}
