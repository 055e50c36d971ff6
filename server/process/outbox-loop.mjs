// The scheduling loop an outbox's deliverer runs: one timer for the next claim (kept when an
// earlier one is due), a claim at a time (a wake-up during one claims again once it ends), at most
// `maxInFlight` attempts under way, a poll every `pollMs` for rows that fell due or that another
// receiver on the same PostgreSQL wrote, and the work under way that a stop waits for. The webhooks'
// and the e-mails' deliverers both need exactly this, and these few lines are where the subtle
// races live (a wake-up lost during a claim, a timer kept alive after a stop): written once, a fix
// reaches both. What differs between them (what a row is, how an attempt is settled, when an ended
// attempt claims again, chores after a claim) stays with them, passed in as functions.

/**
 * @template Row
 * @param {{
 *   maxInFlight: number,
 *   pollMs: number,
 *   claimDue: (room: number) => Promise<Row[]>,
 *   attempt: (row: Row) => Promise<void>,
 *   attemptEnded: (claimWasFull: boolean) => void,
 *   claimFailed: (error: unknown) => void,
 *   afterClaim?: () => Promise<void>,
 * }} options
 *   claimDue: claims at most `room` due rows; attempt: sends one and never rejects; attemptEnded:
 *   called once the attempt no longer counts against maxInFlight, told whether its claim got all it
 *   asked for; claimFailed: the store could not be read (the next poll tries again); afterClaim:
 *   chores once the claimed rows' attempts have started
 */
export function createOutboxLoop({ maxInFlight, pollMs, claimDue, attempt, attemptEnded, claimFailed, afterClaim }) {
  let stopped = false;
  /** Attempts under way: claimed, not yet ended. */
  let inFlight = 0;
  let claiming = false;
  /** Something may have become due while a claim ran: claim again once it ends. */
  let claimAgain = false;
  /** The last claim got all it asked for, or found no room: more are due, claimed as soon as there is room. */
  let moreDue = false;
  /** @type {NodeJS.Timeout | null} the next claim */
  let timer = null;
  /** When the next claim is due, in ms since the epoch. */
  let timerAt = Infinity;
  /** @type {Set<Promise<void>>} claims, attempts and the deliverer's own work under way, which a stop waits for */
  const underWay = new Set();

  /**
   * Claims in `delayMs`, or keeps the claim already due sooner.
   * @param {number} delayMs
   */
  function wake(delayMs) {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(claim, delayMs);
    timer.unref();
  }

  /** @param {Promise<void>} work never rejects */
  function track(work) {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  }

  function claim() {
    timer = null;
    timerAt = Infinity;
    if (stopped) return;
    if (claiming) {
      // What woke this may have been written after the running claim read the outbox.
      claimAgain = true;
      return;
    }
    const room = maxInFlight - inFlight;
    if (room <= 0) {
      // The next attempt to end makes room, and claims.
      moreDue = true;
      return;
    }
    claiming = true;
    claimAgain = false;
    track(
      claimAndAttempt(room)
        .catch((/** @type {unknown} */ error) => {
          moreDue = false;
          claimFailed(error);
        })
        .finally(() => {
          claiming = false;
          wake(claimAgain || (moreDue && inFlight < maxInFlight) ? 0 : pollMs);
        }),
    );
  }

  /** @param {number} room */
  async function claimAndAttempt(room) {
    const claimed = await claimDue(room);
    const full = claimed.length === room;
    moreDue = full;
    for (const row of claimed) {
      inFlight += 1;
      track(
        attempt(row).finally(() => {
          inFlight -= 1;
          attemptEnded(full);
        }),
      );
    }
    if (afterClaim) await afterClaim();
  }

  return {
    wake,
    track,
    /** Attempts under way. */
    get inFlight() {
      return inFlight;
    },
    /** A claim got all it asked for, or found no room, and no claim has since. */
    get moreDue() {
      return moreDue;
    },
    get stopped() {
      return stopped;
    },
    /** Claims no more: the timer is cleared and wake() does nothing. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    /** Whether anything is under way. */
    get busy() {
      return underWay.size > 0;
    },
    /** Ends when what is under way now has ended (work it starts meanwhile may still run). */
    async settled() {
      await Promise.all(underWay);
    },
  };
}
