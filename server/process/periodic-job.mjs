// The store's upkeep that runs on a timer (drafts in transit swept, applications past their
// retention erased): one shape, so each job says only what it does.

/**
 * Runs `job` now and every `intervalMs` until stopped, never two turns at once: a turn asked for
 * while one runs joins it. The timer keeps no process alive, and `stop` waits for the turn under
 * way, so the store is closed only after it.
 * @template T
 * @param {() => Promise<T>} job handles its own failures (logs them and resolves): the next turn tries again
 * @param {number} intervalMs
 * @returns {{ run: () => Promise<T>, stop: () => Promise<void> }}
 */
export function startPeriodicJob(job, intervalMs) {
  /** @type {Promise<T> | null} */
  let running = null;
  const run = () => {
    running ??= job().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
