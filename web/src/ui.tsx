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
