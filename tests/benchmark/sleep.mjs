import { setTimeout } from 'node:timers';

/** Resolves after a number of milliseconds. */
export function sleep(/** @type {number} */ ms) {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}
