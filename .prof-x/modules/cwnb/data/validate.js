import { ACTION_CARDS, DEMO_ROSTER, DEMO_STARTING_POINTS, SPECIAL_CIRCUMSTANCES, ZONES, ZONE_IDS } from "./index.js";
import { ActionCardDataSchema, DemoStartingPointsSchema, RosterSchema, SpecialConditionsTableSchema, ZoneDataSchema, parseOrThrow } from "./schema.js";
/** Every rules data file as index.ts exports it, with its schema. */
export function shippedDataFiles() {
    return [
        ...ZONES.map((data, i) => ({ file: `zones/${ZONE_IDS[i]}.json`, schema: ZoneDataSchema, data })),
        { file: 'action-cards.json', schema: ActionCardDataSchema, data: ACTION_CARDS },
        { file: 'special-circumstances.json', schema: SpecialConditionsTableSchema, data: SPECIAL_CIRCUMSTANCES },
        { file: 'demo-roster.json', schema: RosterSchema, data: DEMO_ROSTER },
        { file: 'demo-starting-points.json', schema: DemoStartingPointsSchema, data: DEMO_STARTING_POINTS },
    ];
}
/** Throws an Error naming the file and every problem when a data file is not valid as it is. */
export function validateRulesData(files = shippedDataFiles()) {
    for (const { file, schema, data } of files) {
        const parsed = parseOrThrow(schema, data, file);
        const [given, read] = [data, parsed].map((d) => JSON.stringify(d, null, 1).split('\n').map((l) => l.trim().replace(/,$/, '')));
        const line = given.findIndex((l, i) => l !== read[i]);
        if (line >= 0) {
            throw new Error(`Invalid CWNB rules data in ${file}: the schema reads ${given[line]} as ${read[line]} (whitespace around a text, or keys out of the schema's order)`);
        }
        const record = data;
        const zoneId = /^zones\/(.+)\.json$/.exec(file)?.[1];
        if (zoneId && record.id !== zoneId)
            throw new Error(`Invalid CWNB rules data in ${file}: id is "${record.id}", expected "${zoneId}"`);
        if (file === 'demo-roster.json' && record.demo !== true)
            throw new Error('Invalid CWNB rules data in demo-roster.json: "demo" must be true');
    }
}
