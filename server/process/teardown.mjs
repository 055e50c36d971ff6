// One way down for everything a start takes. Each resource, as it is taken, says how it is given
// back; a start that fails midway and a close() give back the same list, newest first, each once,
// so nothing taken before a failure (the data folder's lock, a database connection) is left held.

/** @typedef {() => unknown} Step */

/** The steps given back at close, in the reverse order they were taken. */
export function createTeardown() {
  /** @type {Step[]} */
  const steps = [];
  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    /** @param {Step} step */
    add(step) {
      steps.push(step);
    },
    /** Runs every step once; a second call waits for the first. */
    close() {
      closing ??= (async () => {
        for (const step of steps.toReversed()) await step();
      })();
      return closing;
    },
  };
}
