/**
 * Shapes of the CWNB Campaign rules data. The data files in this folder hold the values, each
 * with its source; `index.ts` exports them typed, `validate.ts` checks them (zod).
 */
export const SIDES = ['allied', 'soviet'];
export const ZONE_IDS = [
    'indian-ocean',
    'mediterranean',
    'north-atlantic',
    'north-sea',
    'persian-gulf',
    'sea-of-japan',
    'south-pacific',
];
/** Mission names exactly as printed. */
export const MISSION_NAMES = [
    'Military Escort',
    'Civilian Escort',
    'Raid',
    'Sea Superiority',
    'Holding Action',
    'Invasion',
    'Carrier Strike',
    'Submarine Strike',
    'Engage',
];
/** Status columns, left to right as printed (index 0..6); the War Zone Status marker sits on one. */
export const STATUS_COLUMNS = [
    'Soviet Dominance',
    'Soviet Advantage',
    'Soviet Edge',
    'Even',
    'Allied Edge',
    'Allied Advantage',
    'Allied Dominance',
];
export const EVEN_COLUMN = 3;
export const ROW_KEYS = ['1-2', '3-5', '6'];
export const SPECIAL_CONDITIONS = [
    'Bad Weather',
    'Close Range Battle',
    'Long Battle',
    'Long Range Battle',
    'Nearby Air Bases',
    'Prepared',
    'Port Strike',
    'Priority',
    'Rushed',
    'Short Battle',
];
