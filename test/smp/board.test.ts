/**
 * The board's own rules (src/modules/smp/board.ts), which every step relies on: who is friendly
 * and who is at war (R0-3, the Russian condition of #4 and #8), adjacency listed on either side,
 * facility labels, and how units are added, removed, moved, converted and hit — which ship of a
 * stack a hit or a loss takes (designated, damaged), as the phase report then says.
 */
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/modules/smp/board.ts';
import { catalogOf, type ScenarioInput } from '../../src/modules/smp/scenario.ts';
import { mini, scenario } from './helpers.ts';

/** A board of mini()'s nations plus `extra`; every nation has cash, designated warships an air-cover value (#6). */
function board(extra: Partial<ScenarioInput> = {}): Board {
  const raw = mini({ unitTypes: { battleship: { airCover: 1 }, cruiser: { airCover: 1 }, carrier: { airCover: 1 }, destroyer: { airCover: 1 } }, ...extra });
  raw.cash = Object.fromEntries(raw.nations!.map((n) => [n.id, 0]));
  const s = scenario(raw, []);
  return new Board(s, catalogOf(s));
}

describe('nations, sides and wars (R0-3)', () => {
  it('names: a nation by its name, else its id; Vichy France by name; an unknown id as given', () => {
    const b = board({ nations: [{ id: 'germany', name: 'Greater Germany', side: 'axis', europeanAxis: true }, { id: 'uk', side: 'allies' }] as never, wars: [], territories: [{ name: 'London', owner: 'uk' }] });
    expect(b.nationName('germany')).toBe('Greater Germany');
    expect(b.nationName('uk')).toBe('uk');
    expect(b.nationName('vichy')).toBe('Vichy France');
    expect(b.nationName('atlantis')).toBe('atlantis');
  });

  it('sides: Vichy is a side of its own; a nation not on the board is neutral', () => {
    const b = board({ nations: [...(mini().nations as never[]), { id: 'spain', side: 'neutral' }] as never });
    expect(['germany', 'uk', 'vichy', 'spain', 'atlantis'].map((n) => b.side(n))).toEqual(['axis', 'allies', 'vichy', 'neutral', 'neutral']);
  });

  it('friendly: itself, and nations of the same fighting side; never two neutrals, nor Vichy with the Axis', () => {
    const b = board({ nations: [...(mini().nations as never[]), { id: 'spain', side: 'neutral' }, { id: 'sweden', side: 'neutral' }] as never });
    expect(b.friendly('spain', 'spain')).toBe(true);
    expect(b.friendly('germany', 'italy')).toBe(true);
    expect(b.friendly('uk', 'usa')).toBe(true);
    expect(b.friendly('germany', 'uk')).toBe(false);
    expect(b.friendly('uk', 'germany')).toBe(false);
    expect(b.friendly('spain', 'sweden')).toBe(false);
    expect(b.friendly('vichy', 'germany')).toBe(false);
    expect(b.friendly('germany', 'vichy')).toBe(false);
  });

  it('a European Axis power: as the board flags it; unflagged, Germany and Italy (by role); never a nation of another side', () => {
    const b = board({
      nations: [
        { id: 'germany', side: 'axis' },
        { id: 'italy', side: 'axis' },
        { id: 'japan', side: 'axis' },
        { id: 'hungary', side: 'axis', europeanAxis: true },
        { id: 'romania', side: 'axis', europeanAxis: false },
        { id: 'uk', side: 'allies', europeanAxis: true },
      ] as never,
      wars: [],
      territories: [{ name: 'London', owner: 'uk' }],
    });
    expect(['germany', 'italy', 'japan', 'hungary', 'romania', 'uk', 'atlantis'].filter((n) => b.isEuropeanAxis(n))).toEqual(['germany', 'italy', 'hungary']);
  });

  it('"only nations at war" (#4, #8, #9): at war with anyone; Russia only when at war with a European Axis power (R0-3)', () => {
    const b = board({ wars: [['japan', 'russia'], ['japan', 'uk']] });
    expect(b.atWar('uk')).toBe(true); // at war with Japan alone: not a European Axis power, but the condition is Russia's only
    expect(b.atWar('japan')).toBe(true);
    expect(b.atWar('russia')).toBe(false);
    expect(b.atWar('france')).toBe(false);
    expect(board({ wars: [['russia', 'germany']] }).atWar('russia')).toBe(true);
  });

  it('two nations at war where the document adds the Russian condition (#4, #8): Russia counts only when at war with a European Axis power, on either side of the pair', () => {
    const b = board({ wars: [['japan', 'russia'], ['japan', 'uk']] });
    expect(b.warBetween('japan', 'uk')).toBe(true);
    expect(b.warBetween('uk', 'japan')).toBe(true);
    expect(b.warBetween('japan', 'russia')).toBe(false);
    expect(b.warBetween('russia', 'japan')).toBe(false);
    expect(b.warBetween('germany', 'uk')).toBe(false); // not at war on this board
    const europe = board({ wars: [['japan', 'russia'], ['germany', 'russia']] });
    expect(europe.warBetween('japan', 'russia')).toBe(true);
    expect(europe.warBetween('russia', 'japan')).toBe(true);
  });
});

describe('places', () => {
  it('adjacency listed on one side counts both ways; a place not on the board has no neighbours', () => {
    const b = board({ territories: [{ name: 'Normandy', owner: 'germany', adjacent: ['A-18'] }, { name: 'London', owner: 'uk' }], seaZones: [{ name: 'A-18', adjacent: ['London'] }] });
    expect(b.adjacent('Normandy', 'A-18')).toBe(true);
    expect(b.adjacent('A-18', 'Normandy')).toBe(true);
    expect(b.adjacent('London', 'A-18')).toBe(true);
    expect(b.adjacent('London', 'Normandy')).toBe(false);
    expect(b.adjacent('Atlantis', 'London')).toBe(false);
    expect(b.neighbours('A-18').sort()).toEqual(['London', 'Normandy']);
    expect(b.neighbours('Atlantis')).toEqual([]);
    expect(b.units('Atlantis')).toEqual([]);
  });

  it('a facility named in a question: with its damage and maximum, numbered only where the territory has two of its type', () => {
    const b = board({ territories: [{ name: 'Ruhr', owner: 'germany', facilities: [{ type: 'air_base', damage: 2 }, { type: 'major_factory' }, { type: 'air_base' }] }] });
    const ruhr = b.terr.get('Ruhr')!;
    expect([0, 1, 2].map((i) => b.facilityLabel(ruhr, i))).toEqual(['Ruhr air base #1 (2/6 damage)', 'Ruhr major factory (0/20 damage)', 'Ruhr air base #3 (0/6 damage)']);
  });
});

describe('units', () => {
  const sea = (units: unknown[]) => board({ seaZones: [{ name: 'Z', units }] as never });

  it('added units join the stack of the same owner and type, with their damaged and designated ships; none added makes no stack', () => {
    const b = sea([{ owner: 'uk', type: 'battleship', count: 2, damaged: 1 }, { owner: 'uk', type: 'cruiser', count: 1 }]);
    b.addUnits('Z', 'uk', 'battleship', 2, { damaged: 1, designated: 2 });
    b.addUnits('Z', 'uk', 'cruiser', 1, { designated: 1 });
    b.addUnits('Z', 'usa', 'cruiser', 1);
    b.addUnits('Z', 'usa', 'destroyer', 2, { damaged: 1, designated: 1 });
    b.addUnits('Z', 'usa', 'carrier', 0);
    b.addUnits('Z', 'uk', 'cruiser', 1); // into a stack with designated ships: they stay as they were
    expect(b.units('Z')).toEqual([
      { owner: 'uk', type: 'battleship', count: 4, damaged: 2, designated: 2 },
      { owner: 'uk', type: 'cruiser', count: 3, designated: 1 },
      { owner: 'usa', type: 'cruiser', count: 1 },
      { owner: 'usa', type: 'destroyer', count: 2, damaged: 1, designated: 1 },
    ]);
  });

  it('removed units: as many as there are; the designated or damaged ones first only when asked, else the others; an empty stack goes', () => {
    const b = sea([
      { owner: 'uk', type: 'battleship', count: 3, damaged: 1, designated: 1 },
      { owner: 'uk', type: 'carrier', count: 3, damaged: 2, designated: 2 },
      { owner: 'uk', type: 'destroyer', count: 1 },
    ]);
    expect(b.removeUnits('Z', 'uk', 'battleship', 1)).toBe(1); // an undamaged, undesignated one
    expect(b.removeUnits('Z', 'uk', 'carrier', 1, { designated: true, damaged: true })).toBe(1);
    expect(b.removeUnits('Z', 'uk', 'destroyer', 5)).toBe(1);
    expect(b.removeUnits('Z', 'usa', 'destroyer', 1)).toBe(0);
    expect(b.units('Z')).toEqual([
      { owner: 'uk', type: 'battleship', count: 2, damaged: 1, designated: 1 },
      { owner: 'uk', type: 'carrier', count: 2, damaged: 1, designated: 1 },
    ]);
    expect(b.removeUnits('Z', 'uk', 'battleship', 2)).toBe(2);
    expect(b.units('Z')).toEqual([{ owner: 'uk', type: 'carrier', count: 2, damaged: 1, designated: 1 }]);
  });

  it('units moved or converted keep their damaged and designated ships and join a stack there', () => {
    const b = board({
      territories: [
        { name: 'Normandy', owner: 'france', units: [{ owner: 'uk', type: 'infantry', count: 2, designated: 1 }, { owner: 'germany', type: 'tank', count: 1 }] },
        { name: 'London', owner: 'uk', units: [{ owner: 'uk', type: 'infantry', count: 1 }] },
      ],
      seaZones: [{ name: 'Z', units: [{ owner: 'italy', type: 'battleship', count: 2, damaged: 1, designated: 1 }, { owner: 'germany', type: 'battleship', count: 1 }] }],
    });
    expect(b.moveAll('Normandy', 'London', (u) => u.owner === 'uk')).toEqual([{ owner: 'uk', type: 'infantry', count: 2, designated: 1 }]);
    expect(b.units('Normandy')).toEqual([{ owner: 'germany', type: 'tank', count: 1 }]);
    expect(b.units('London')).toEqual([{ owner: 'uk', type: 'infantry', count: 3, designated: 1 }]);
    b.convert('Z', (u) => u.owner === 'italy', 'germany');
    expect(b.units('Z')).toEqual([{ owner: 'germany', type: 'battleship', count: 3, damaged: 1, designated: 1 }]);
  });

  describe('a hit on a ship', () => {
    it('a 2-hit ship is damaged by its first hit; a hit meant for a damaged one sinks it; a 1-hit ship sinks', () => {
      const b = sea([{ owner: 'uk', type: 'battleship', count: 2 }, { owner: 'uk', type: 'cruiser', count: 2 }]);
      expect(b.hitShip('Z', 'uk', 'battleship', false)).toBe('damaged');
      expect(b.hitShip('Z', 'uk', 'battleship', false)).toBe('damaged');
      expect(b.hitShip('Z', 'uk', 'battleship', false)).toBe('none'); // every one already damaged
      expect(b.hitShip('Z', 'uk', 'battleship', true)).toBe('sunk');
      expect(b.hitShip('Z', 'uk', 'cruiser', false)).toBe('sunk');
      expect(b.units('Z')).toEqual([
        { owner: 'uk', type: 'battleship', count: 1, damaged: 1 },
        { owner: 'uk', type: 'cruiser', count: 1 },
      ]);
    });

    it('the ship a hit on a damaged ship sinks is a damaged one: the undamaged ships of the stack stay undamaged', () => {
      const b = sea([{ owner: 'uk', type: 'battleship', count: 2, damaged: 1 }]);
      expect(b.hitShip('Z', 'uk', 'battleship', true)).toBe('sunk');
      expect(b.units('Z')).toEqual([{ owner: 'uk', type: 'battleship', count: 1 }]);
    });

    it('no ship of that owner and type, or no damaged one for a hit on a damaged ship: nothing happens', () => {
      const b = sea([{ owner: 'uk', type: 'battleship', count: 1 }]);
      expect(b.hitShip('Z', 'usa', 'battleship', false)).toBe('none');
      expect(b.hitShip('Z', 'uk', 'cruiser', false)).toBe('none');
      expect(b.hitShip('Z', 'uk', 'battleship', true)).toBe('none');
      expect(b.units('Z')).toEqual([{ owner: 'uk', type: 'battleship', count: 1 }]);
    });

    it('a ship that sailed on a mission (designated) is the one sunk when the hit is on it; otherwise one that stayed', () => {
      const b = sea([{ owner: 'uk', type: 'cruiser', count: 3, designated: 1 }, { owner: 'uk', type: 'battleship', count: 2, damaged: 2, designated: 1 }]);
      b.hitShip('Z', 'uk', 'cruiser', false);
      expect(b.units('Z')[0]).toEqual({ owner: 'uk', type: 'cruiser', count: 2, designated: 1 });
      b.hitShip('Z', 'uk', 'cruiser', false, true);
      expect(b.units('Z')[0]).toEqual({ owner: 'uk', type: 'cruiser', count: 1 });
      b.hitShip('Z', 'uk', 'battleship', true, true);
      expect(b.units('Z')[1]).toEqual({ owner: 'uk', type: 'battleship', count: 1, damaged: 1 });
    });
  });
});
