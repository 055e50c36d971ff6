import { type RefObject, useEffect } from 'react';

/**
 * Readies the fonts and words of the step built hidden at `step` (browser/warm-text.ts), while
 * the browser is idle, so the press that shows it does not wait for them; null warms nothing.
 * The warm-up's code loads on demand: Welcome's code stays lighter.
 */
export function useWarmHiddenStep(step: number | null, within?: RefObject<Element | null>): void {
  useEffect(() => {
    if (step === null) return undefined;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('../browser/warm-text').then(({ warmTextOnceFound }) => {
      if (stopped) return;
      stop = warmTextOnceFound(() => (within?.current ?? document).querySelector(`.step[data-step="${String(step)}"]`));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [step, within]);
}
