import { startTransition, useEffect, useState } from 'react';
import { livePartsOfBlock } from '../blocks/live-parts-of-block';
import { whenIdle } from '../browser/when-idle';
import type { StepConfig } from '../config/config-schema';
import { nextLiveParts, onlyKept, withStepLive, type LiveParts } from '../wizard/live-parts';
import { useSessionAwake } from './session-awake';

/** How many parts (wizard/live-parts.ts) a step goes live in. */
export function partsOfStep(step: StepConfig): number {
  return step.blocks.reduce((sum, block) => sum + livePartsOfBlock(block), 0);
}

/**
 * How much of each kept step is live: mounted with its effects running, though still hidden
 * (display: none) until it is the current step.
 *
 * A step kept hidden in hidden <Activity>s is drawn, but its effects wait: when Continue showed
 * it, every field's effects mounted in the press (react-hook-form registering; then, Headless UI
 * wiring each select through refs that set state, so it was drawn a second time), which was half of a
 * step change at 4x CPU. So hidden steps turn live while the browser is idle, one
 * part (a field, or a block that is not a form) per idle moment, since a whole step at once is
 * a long task (wizard/live-parts.ts), and Continue or Back only unhides them. The effects of a
 * step's fields act on the form alone (no storage, no focus, no analytics), so running them for
 * a hidden step changes nothing the creator sees.
 *
 * The current step, once the session is awake, is whole, and stays live when left. Built behind
 * Welcome, the wizard is mounted with its session asleep and shows nothing: its current step goes
 * live a part at a time as well, first, so that Continue finds it whole.
 */
export function useLiveParts(steps: readonly StepConfig[], kept: readonly number[], current: number): LiveParts {
  const shown = useSessionAwake();
  const [stored, setStored] = useState<LiveParts>(() => new Map());
  const currentStep = steps[current];
  // Stored in this render, before anything commits: leaving the step must not hide its fields
  // for a moment, which would unmount their effects only to mount them again; and a step that
  // left the page must not come back counted live.
  const keptNow = onlyKept(stored, kept);
  const live = shown && currentStep ? withStepLive(keptNow, current, partsOfStep(currentStep)) : keptNow;
  if (live !== stored) setStored(live);

  const keptKey = kept.join(',');
  useEffect(() => {
    const next = nextLiveParts(live, keptKey.split(',').map(Number), current, steps.map(partsOfStep));
    if (!next) return undefined;
    return whenIdle(() => {
      // A transition: drawn in slices that give way to a keystroke or a press.
      startTransition(() => {
        setStored(next);
      });
    });
  }, [live, keptKey, current, steps]);
  return live;
}
