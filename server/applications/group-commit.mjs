// Group commit for a store that runs one statement at a time (the embedded PGlite database, which
// also runs it on the event loop's thread). Storing an application one transaction each, every
// request waited in line behind the others' parse, plan and commit, and the line was where the
// tail latency came from. Here the applications that arrive while a statement runs wait together,
// and go into the next statement as one transaction (receiveApplications); each request is
// answered only after that transaction committed, so "durable before 2xx" holds for every one of
// them. One request alone is stored at once, in a group of one: nothing waits for company.
// A group keeps the order of arrival, and so does a group stored again one by one: of two bodies
// of one application with the same revision number, the first is stored and the second refused.
import { receiveApplications } from './applications-table.mjs';

/** At most this many applications in one statement (about 64 kB each at most: a few MB of JSON). */
export const MAX_GROUP = 64;

/**
 * @typedef {import('./applications-table.mjs').Received} Received
 * @typedef {import('./applications-table.mjs').ReceiveResult} ReceiveResult
 * @typedef {{ received: Received, resolve: (result: ReceiveResult) => void, reject: (error: unknown) => void }} Waiting
 */

/**
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ maxGroup?: number, onGroup?: (size: number) => void, receiveOptions?: import('./applications-table.mjs').ReceiveOptions }} [options]
 *   onGroup: told each group's size (tests); receiveOptions: passed to receiveApplications
 * @returns {(received: Received) => Promise<ReceiveResult>}
 */
export function createGroupCommit(store, { maxGroup = MAX_GROUP, onGroup = () => undefined, receiveOptions = {} } = {}) {
  /** @type {Waiting[]} */
  let waiting = [];
  let running = false;

  /** The next group: the oldest waiting applications, one per key (a key's repeat waits for the next group). */
  function nextGroup() {
    /** @type {Waiting[]} */
    const group = [];
    /** @type {Waiting[]} */
    const rest = [];
    const keys = new Set();
    for (const item of waiting) {
      if (group.length < maxGroup && !keys.has(item.received.key)) {
        keys.add(item.received.key);
        group.push(item);
      } else rest.push(item);
    }
    waiting = rest;
    return group;
  }

  /** @param {Waiting[]} group */
  async function store1(group) {
    onGroup(group.length);
    try {
      const results = await receiveApplications(
        store,
        group.map((item) => item.received),
        receiveOptions,
      );
      group.forEach((item, index) => {
        item.resolve(/** @type {ReceiveResult} */ (results[index]));
      });
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One application the database refuses must not fail the others committed with it: the
      // transaction rolled back as a whole, so each is stored again on its own.
      for (const item of group) await store1([item]);
    }
  }

  async function drain() {
    try {
      while (waiting.length > 0) await store1(nextGroup());
    } finally {
      running = false;
    }
  }

  return function receive(received) {
    return new Promise((resolve, reject) => {
      waiting.push({ received, resolve, reject });
      if (running) return;
      running = true;
      // After the requests whose bodies arrived in this turn of the event loop, so they go together.
      setImmediate(() => void drain());
    });
  };
}
