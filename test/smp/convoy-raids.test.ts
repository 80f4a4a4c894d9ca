/**
 * Step 5 Conduct Convoy Raids (document section "#3. CONVOY RAIDS"; rulings R5-1 to R5-3): who pays,
 * how much, and what the phase report says about it.
 */
import { describe, expect, it } from 'vitest';
import { mini, play, report, unit } from './helpers.ts';

/** Play step 5 alone: the cash after it and its report, with the structured fields a web log shows. */
function convoy(extra: Parameters<typeof mini>[0]) {
  const { board, events } = play(mini(extra), { steps: [5] });
  return { cash: board.cash, report: report(events, 5) };
}
const paid = (text: string, ipc: Record<string, number>) => ({ type: 'change', text: `5 Convoy Raids: ${text}`, rule: '5', ipc });
const noted = (text: string) => ({ type: 'note', text: `5 Convoy Raids: ${text}`, rule: '5' });
const NONE = noted('no convoy zone is raided.');
/** London and Nova Scotia, owned as given, for the open-sea raid on UK Europe. */
const atlantic = (london: string, novaScotia: string) => [
  { name: 'London', owner: london },
  { name: 'Nova Scotia', owner: novaScotia },
];

describe('Step 5 Convoy Raids', () => {
  it('R5-1: 3 IPCs per raided zone from each enemy controller next to it, once however many of its territories touch it; more warships do not add', () => {
    const { cash, report } = convoy({
      territories: [
        { name: 'Egypt', owner: 'uk', adjacent: ['M-5'] },
        { name: 'Malta', owner: 'uk', adjacent: ['M-5'] },
        { name: 'Corsica', owner: 'france', adjacent: ['M-5'] },
        { name: 'Sicily', owner: 'italy', adjacent: ['M-5'] },
      ],
      seaZones: [{ name: 'M-5', convoy: true, units: [unit('germany', 'submarine', 3), unit('germany', 'destroyer'), unit('germany', 'transport'), unit('italy', 'submarine')] }],
    });
    expect(cash).toMatchObject({ uk: 17, france: 17, italy: 20, germany: 20 });
    // Italy is at war with the UK, not with France.
    expect(report).toEqual([
      paid('warships in M-5 (germany, italy) raid the convoys: uk surrenders 3 IPCs to the bank.', { uk: -3 }),
      paid('warships in M-5 (germany) raid the convoys: france surrenders 3 IPCs to the bank.', { france: -3 }),
    ]);
  });

  it('R0-3 #3: a Japanese warship raids a Russian convoy zone when Japan and Russia are at war, although Russia is at war with no European Axis power (the document sets that condition only where it says so: #1.6, #4, #8, #9)', () => {
    const { cash, report } = convoy({
      wars: [['japan', 'russia']],
      territories: [{ name: 'Amur', owner: 'russia', adjacent: ['P-5'] }],
      seaZones: [{ name: 'P-5', convoy: true, units: [unit('japan', 'destroyer')] }],
    });
    expect(cash.russia).toBe(17);
    expect(report).toEqual([paid('warships in P-5 (japan) raid the convoys: russia surrenders 3 IPCs to the bank.', { russia: -3 })]);
  });

  it('R5-1: one raider at war with the controller is enough ("any single warship"), and the report names the raiders at war with it; a zone that is no convoy zone is never raided', () => {
    // Japan is not at war with Russia; Germany is. A sea zone next to the convoy zone pays nothing.
    const zones = (convoyZone: boolean) =>
      convoy({
        territories: [{ name: 'Karelia', owner: 'russia', adjacent: ['A-1'] }],
        seaZones: [{ name: 'A-1', convoy: convoyZone, adjacent: ['A-2'], units: [unit('japan', 'destroyer'), unit('germany', 'submarine')] }, { name: 'A-2' }],
      });
    const raided = zones(true);
    expect(raided.cash.russia).toBe(17);
    expect(raided.report).toEqual([paid('warships in A-1 (germany) raid the convoys: russia surrenders 3 IPCs to the bank.', { russia: -3 })]);
    const notConvoy = zones(false);
    expect(notConvoy.cash.russia).toBe(20);
    expect(notConvoy.report).toEqual([NONE]);
  });

  it('R5-1: transports are no warships, and a nation at peace with every raider pays nothing', () => {
    const { cash, report } = convoy({
      territories: [{ name: 'Egypt', owner: 'uk', adjacent: ['M-5'] }, { name: 'Corsica', owner: 'france', adjacent: ['M-5', 'M-6'] }],
      seaZones: [{ name: 'M-5', convoy: true, units: [unit('germany', 'transport', 2)] }, { name: 'M-6', convoy: true, units: [unit('japan', 'cruiser')] }],
    });
    expect(cash).toMatchObject({ uk: 20, france: 20 });
    expect(report).toEqual([NONE]);
  });

  it('R5-2: an Axis warship at war with UK Europe in an open-sea Atlantic zone takes 6 from UK Europe while Nova Scotia and London are Allied; a convoy zone that is not open sea takes only the 3', () => {
    const { cash, report } = convoy({
      territories: [...atlantic('uk', 'uk'), { name: 'Scotland', owner: 'uk', adjacent: ['A-12'] }],
      seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [unit('germany', 'submarine')] }, { name: 'A-12', convoy: true, units: [unit('italy', 'submarine')] }],
    });
    expect(cash.uk).toBe(11);
    expect(report).toEqual([
      paid('Axis warships in the open-sea Atlantic zone A-10 raid UK Europe (uk): 6 IPCs to the bank.', { uk: -6 }),
      paid('warships in A-12 (italy) raid the convoys: uk surrenders 3 IPCs to the bank.', { uk: -3 }),
    ]);
  });

  it('R5-2: 6 IPCs for each open-sea zone occupied, however many Axis warships are in it', () => {
    const sub = (n: number) => [unit('germany', 'submarine', n)];
    const { cash, report } = convoy({ territories: atlantic('uk', 'uk'), seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [...sub(3), unit('italy', 'cruiser')] }, { name: 'A-11', convoy: true, openSea: true, units: sub(1) }] });
    expect(cash.uk).toBe(8);
    expect(report.map((e) => e.ipc)).toEqual([{ uk: -6 }, { uk: -6 }]);
  });

  it('R5-2: no 6-IPC raid unless both London and Nova Scotia are Allied, and the report says why', () => {
    for (const [london, novaScotia] of [['germany', 'uk'], ['uk', 'germany']]) {
      const { cash, report } = convoy({ territories: atlantic(london, novaScotia), seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [unit('germany', 'submarine')] }] });
      expect(cash.uk).toBe(20);
      expect(report).toEqual([noted('A-10 is an open-sea zone, but Nova Scotia and London are not both Allied: no 6-IPC raid.'), NONE]);
    }
  });

  it('R5-2: only Axis warships at war with UK Europe raid the open sea: not an Allied ship, a neutral at war with the UK, or an Axis power at peace with it', () => {
    const { cash, report } = convoy({
      nations: [...mini().nations!, { id: 'spain', side: 'neutral' }],
      wars: [['germany', 'russia'], ['spain', 'uk']],
      territories: atlantic('uk', 'uk'),
      seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [unit('uk', 'destroyer'), unit('spain', 'destroyer'), unit('japan', 'submarine'), unit('italy', 'battleship')] }],
    });
    expect(cash.uk).toBe(20);
    expect(report).toEqual([NONE]);
  });

  it('R5-3: a nation that cannot pay in full pays what it has, and the report says what was due', () => {
    const { cash, report } = convoy({
      cash: { ...mini().cash!, uk: 8 },
      territories: [...atlantic('uk', 'uk'), { name: 'Egypt', owner: 'uk', adjacent: ['M-5'] }],
      seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [unit('germany', 'submarine')] }, { name: 'M-5', convoy: true, units: [unit('italy', 'submarine')] }],
    });
    expect(cash.uk).toBe(0);
    expect(report).toEqual([
      paid('Axis warships in the open-sea Atlantic zone A-10 raid UK Europe (uk): 6 IPCs to the bank.', { uk: -6 }),
      paid('warships in M-5 (italy) raid the convoys: uk surrenders 2 IPCs to the bank (all it had; 3 due).', { uk: -2 }),
    ]);
    const broke = convoy({ cash: { ...mini().cash!, uk: 4 }, territories: atlantic('uk', 'uk'), seaZones: [{ name: 'A-10', convoy: true, openSea: true, units: [unit('germany', 'submarine')] }] });
    expect(broke.report).toEqual([paid('Axis warships in the open-sea Atlantic zone A-10 raid UK Europe (uk): 4 IPCs to the bank (all it had; 6 due).', { uk: -4 })]);
  });
});
