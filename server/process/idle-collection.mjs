// A full garbage collection once the receiver falls idle after work, so what it holds between
// bursts of applications is what it needs, not the garbage of the last burst (docs/receiver.md,
// "Memory: a 512 MB server").
//
// V8 collects its young generation often and its old one only when that has grown: after a burst
// of applications the old generation keeps the burst's promoted garbage (parsed bodies, query
// results, closed connections' objects) and the pages under it, resident, until the next burst
// pushes it further. V8 would collect it when the process is idle only with a platform that tells
// it so, which Node's does not. The collection takes 30-60 ms on the receiver's heap and gives
// back 8-10 MB after a few hundred to 10,000 applications (npm run bench:receiver).
//
// Idle is judged by the event loop's utilisation, sampled once a second: every request, query and
// fsync of the embedded store runs on it (PGlite runs in this thread). A collection runs after a
// few quiet seconds in a row, and only when the heap has grown since the last one, so an idle
// receiver does not collect again and again, and a busy one never waits for a collection.
import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Node's full collection, run three times in a row: the first finds the garbage and leaves the
 * pages it emptied to be swept, and they are given back to the system only by the collections
 * after it (one collection after 400 to 10,000 applications gave back 1 MB, three gave back 8-10).
 * `--expose-gc` set at run time gives the `gc` function to contexts made afterwards, not to the
 * one running: a new context's is the same isolate's collector.
 * @returns {() => void}
 */
export function fullCollection() {
  setFlagsFromString('--expose-gc');
  /** @type {unknown} */
  const found = runInNewContext('typeof gc === "function" ? gc : null');
  if (typeof found !== 'function') throw new Error('this Node gives no gc function with --expose-gc');
  const gc = /** @type {() => void} */ (found);
  return () => {
    for (let round = 0; round < 3; round += 1) gc();
  };
}

/**
 * @typedef {{
 *   checkEveryMs?: number,
 *   quietChecks?: number,
 *   busyShare?: number,
 *   growthBytes?: number,
 *   collect?: () => void,
 *   heapUsedBytes?: () => number,
 *   busyShareSince?: () => number,
 * }} IdleCollectionOptions
 *   checkEveryMs: how often the event loop is looked at;
 *   quietChecks: how many quiet checks in a row make the receiver idle;
 *   busyShare: the share of a check's time the event loop may have been busy and still be quiet;
 *   growthBytes: how much the heap must have grown since the last collection for another;
 *   collect, heapUsedBytes, busyShareSince: V8's and the event loop's, replaced by tests
 */

/**
 * Collects garbage each time the process has been idle for a while after work.
 * @param {IdleCollectionOptions} [options]
 * @returns {{ stop: () => void }}
 */
export function collectGarbageWhenIdle({
  checkEveryMs = 1000,
  quietChecks = 3,
  busyShare = 0.05,
  growthBytes = 1024 * 1024,
  collect = fullCollection(),
  heapUsedBytes = () => getHeapStatistics().used_heap_size,
  busyShareSince = eventLoopBusyShare(),
} = {}) {
  let quiet = 0;
  let heapAfterLast = heapUsedBytes();
  const timer = setInterval(() => {
    quiet = busyShareSince() <= busyShare ? quiet + 1 : 0;
    if (quiet < quietChecks || heapUsedBytes() - heapAfterLast < growthBytes) return;
    collect();
    heapAfterLast = heapUsedBytes();
  }, checkEveryMs);
  // The check never keeps the process alive on its own.
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
    },
  };
}

/**
 * The share of the time since its last call that the event loop spent running code.
 * @returns {() => number}
 */
function eventLoopBusyShare() {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}
