import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../browser/when-idle';

/**
 * Which of the kept steps are live: mounted with their effects running, though still hidden
 * (display: none) until they are the current step.
 *
 * A step kept hidden in a hidden <Activity> is drawn, but its effects wait: when Continue shows
 * it, every field's effects mount in the press (react-hook-form registering, Headless UI wiring
 * each combobox through refs that set state, so it is drawn a second time), which was half of a
 * step change at 4x CPU (issue 16). A step turns live once the browser is idle after it was kept,
 * so that work is done while the creator reads or types, and Continue or Back only unhides it.
 * The effects of a step's fields act on the form alone (no storage, no focus, no analytics), so
 * running them for a hidden step changes nothing the creator sees.
 *
 * Behind Welcome the wizard is mounted but not awake (wizard-awake.ts): its steps go live there
 * too, since a field's effects act on the form alone.
 */
export function useLiveSteps(kept: readonly number[]): ReadonlySet<number> {
  const [live, setLive] = useState<ReadonlySet<number>>(() => new Set());
  const keptKey = kept.join(',');
  useEffect(
    () =>
      whenIdle(() => {
        // A transition: drawn in slices that give way to a keystroke or a press.
        startTransition(() => {
          setLive(new Set(keptKey.split(',').map(Number)));
        });
      }),
    [keptKey],
  );
  return live;
}
