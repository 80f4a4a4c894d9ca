import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Side } from './api.ts';

/** Where refusals show: announced by screen readers, findable by browser tests. */
export function ErrorBox({ message, id }: { message: string | null; id?: string }) {
  return (
    <p class="error" role="alert" data-testid="error" id={id} hidden={!message}>
      {message}
    </p>
  );
}

const MARK: Record<Side, string> = { allied: '▲', soviet: '■' };
const NAME: Record<Side, string> = { allied: 'Allied', soviet: 'Soviet' };

/** A side by shape and word, never by colour alone. */
export function SideTag({ side }: { side: Side }) {
  return (
    <span class={`side side-${side}`}>
      <span aria-hidden="true">{MARK[side]} </span>
      {NAME[side]}
    </span>
  );
}

export const SIDES: readonly Side[] = ['allied', 'soviet'];

export type DiceMode = 'seeded' | 'physical';

/** Who rolls: the server (seeded, published at the end) or the players' own dice. */
export function DiceChoice({ name, dice, setDice }: { name: string; dice: DiceMode; setDice: (d: DiceMode) => void }) {
  return (
    <fieldset class="field">
      <legend>Dice</legend>
      <label class="choice">
        <input type="radio" name={name} checked={dice === 'seeded'} onChange={() => setDice('seeded')} />
        The server rolls (seeded; the seed is published at the end)
      </label>
      <label class="choice">
        <input type="radio" name={name} checked={dice === 'physical'} onChange={() => setDice('physical')} />
        Physical dice, typed in by the players
      </label>
      {/* Online nobody else sees a die typed in: a player types the dice that decide their own strike or the end of the war. */}
      {dice === 'physical' && (
        <small class="help" data-testid="physical-dice-note">
          For players at one table, who see each die rolled: each die is typed in by the player who rolls it, and no one else confirms it. Playing from
          different places, let the server roll.
        </small>
      )}
    </fieldset>
  );
}

/** The seed came with an imported game file: the server's promise that nobody knows the dice to come does not hold. */
export function SeedImported() {
  return (
    <strong data-testid="seed-imported">
      {' '}
      This campaign was imported with its seed: whoever kept the game file's seed (FILE.seed) can know the dice to come.
    </strong>
  );
}

/** "AE" for "Allied Edge", "E" for "Even": the War Zone Status columns as the board and the plots letter them. */
export const statusAbbrev = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('');

/** A team as players name it: "allied" is the Allied team. */
export const teamName = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1).replace(/[-_]/g, ' ')}`;

/**
 * The width a chart is given on the page (its figure's, in CSS px), once measured, and again
 * whenever it changes. A chart narrower than its usual layout is laid out for that width, its
 * viewBox as wide as it is drawn, so that its 12 px text is drawn 12 px high: the usual 640-wide
 * layout shrunk onto a phone (about 310 px) drew it 6 px high. Null until measured (the usual layout).
 */
export function useChartWidth(): [RefObject<HTMLElement | null>, number | null] {
  const box = useRef<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const watch = new ResizeObserver(([e]) => setWidth(Math.floor(e.contentRect.width)));
    watch.observe(box.current);
    return () => watch.disconnect();
  }, []);
  return [box, width];
}
