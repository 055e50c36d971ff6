import type { KeyValueStore } from '../storage/resilient-store';
import { OUTBOX_KEY } from '../storage/stored-keys';
import { normaliseRecord, withLatestBody, type OutboxRecord } from './outbox-record';
import { classifyAttempt, nextAttemptAt, type AttemptOutcome } from './retry-policy';
import type { SendResult } from './send-application';

/**
 * The submission queue. An application to send is a record in the app's store (its latest
 * body, its ids, the attempts so far and the last error; see outbox-record.ts), so it survives a
 * reload, a crash or a closed tab. Attempts run one at a time, in one tab at a time; a failure
 * worth retrying is retried on a backoff of min(2^n, 300) seconds, when the browser comes back
 * online, when the page opens again, or at once when the creator presses Continue. An edit while
 * the application is pending revises the record (a new key for the new body), so whatever sends
 * next sends the latest answers; an attempt that was already sending an older body counts only if
 * nothing newer came meanwhile, else the newer body is sent at once. Only an accepted attempt of
 * the latest body removes the record.
 */

export type { OutboxRecord };

export type OutboxStatus =
  | { state: 'empty' }
  | { state: 'sending'; record: OutboxRecord }
  | { state: 'waiting'; record: OutboxRecord; nextAttemptAt: number }
  | { state: 'refused'; record: OutboxRecord }
  | { state: 'accepted' };

export interface OutboxOptions {
  store: KeyValueStore;
  send: (record: OutboxRecord) => Promise<SendResult>;
  /** Runs `attempt` only where no other tab is sending; resolves null when one is. */
  exclusively: <T>(attempt: () => Promise<T>) => Promise<T | null>;
  newId: () => string;
  now?: () => number;
}

export class Outbox {
  private status: OutboxStatus = { state: 'empty' };
  private readonly listeners = new Set<(status: OutboxStatus) => void>();
  private inFlight: Promise<AttemptOutcome | 'busy'> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private acceptance: () => Promise<void> = () => Promise.resolve();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OutboxOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** What to do once the server has accepted the application, before listeners hear of it. */
  handleAcceptance(handler: () => Promise<void>): void {
    this.acceptance = handler;
  }

  getStatus(): OutboxStatus {
    return this.status;
  }

  subscribe(listener: (status: OutboxStatus) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private setStatus(status: OutboxStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener(status);
  }

  private async readRecord(): Promise<OutboxRecord | undefined> {
    return normaliseRecord(await this.options.store.get<unknown>(OUTBOX_KEY));
  }

  /** Serialises this page's reads and writes of the record, so an edit never slips between a read and a write. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /**
   * Queues the latest answers (the same application, with a new key if they changed) and tries
   * to send them now; an attempt already under way is let finish first.
   */
  async submit(url: string, body: unknown): Promise<AttemptOutcome | 'busy'> {
    if (this.status.state === 'accepted') return 'accepted';
    await this.serially(async () => {
      const record = withLatestBody(await this.readRecord(), url, body, this.options.newId, this.now());
      await this.options.store.set(OUTBOX_KEY, { ...record, refused: false });
    });
    while (this.inFlight) {
      await this.inFlight;
      // That attempt may have sent these answers too (it sends a newer body before it ends).
      if (this.getStatus().state === 'accepted') return 'accepted';
    }
    return this.attempt();
  }

  /**
   * The answers changed while the application is pending (the draft was saved): the record takes
   * them, so the next attempt, the page's or the service worker's, sends them. `null`: they are
   * not valid now, and nothing is sent until they are.
   */
  async revise(body: unknown): Promise<void> {
    if (this.status.state === 'accepted') return;
    const released = await this.serially(async () => {
      const existing = await this.readRecord();
      if (!existing) return false;
      if (body === null) {
        if (!existing.held) await this.options.store.set(OUTBOX_KEY, { ...existing, held: true });
        return false;
      }
      const record = withLatestBody(existing, existing.url, body, this.options.newId, this.now());
      if (record.key !== existing.key || record.held !== existing.held) await this.options.store.set(OUTBOX_KEY, record);
      return existing.held;
    });
    // Valid again after being held: the wait for it is over.
    if (released) this.retrySoon();
  }

  /** On page load: picks up an application a previous page left unsent. */
  async resume(): Promise<void> {
    const record = await this.readRecord();
    if (!record) return;
    if (record.refused) this.setStatus({ state: 'refused', record });
    else void this.attempt();
  }

  /** The browser is back online, or the creator is back: try a waiting application now. */
  retrySoon(): void {
    if (this.status.state === 'waiting') void this.attempt();
  }

  /** The service worker says it sent the application: a waiting one finds its record gone and is accepted. */
  recheck(): void {
    if (this.status.state === 'waiting' || this.status.state === 'refused') void this.attempt();
  }

  /** Forgets an accepted application so a new one can be sent. */
  reset(): void {
    this.clearTimer();
    this.setStatus({ state: 'empty' });
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private attempt(): Promise<AttemptOutcome | 'busy'> {
    if (this.inFlight) return this.inFlight;
    this.clearTimer();
    const run = this.options
      .exclusively(() => this.attemptExclusively())
      .then((outcome) => outcome ?? 'busy')
      .finally(() => {
        this.inFlight = null;
      });
    this.inFlight = run;
    return run;
  }

  private async attemptExclusively(): Promise<AttemptOutcome> {
    for (;;) {
      // Read again under the lock: another tab may have sent it meanwhile.
      const record = await this.readRecord();
      if (!record) {
        // Sent meanwhile by another tab or by the service worker: accepted all the same.
        await this.acceptance();
        this.setStatus({ state: 'accepted' });
        return 'accepted';
      }
      if (record.held) {
        // Edited into answers the wizard would not send: wait for them (revise or Continue).
        this.setStatus({ state: 'waiting', record, nextAttemptAt: Number.POSITIVE_INFINITY });
        return 'retry';
      }
      this.setStatus({ state: 'sending', record });
      const result = await this.options.send(record);
      const outcome = classifyAttempt(result);
      if (outcome === 'accepted') {
        // Done only if no edit came while it was on its way; else the edit goes out now.
        const latest = await this.serially(async () => {
          const current = await this.readRecord();
          if (current?.key === record.key) await this.options.store.delete(OUTBOX_KEY);
          return current?.key === record.key;
        });
        if (!latest) continue;
        await this.acceptance();
        this.setStatus({ state: 'accepted' });
        return outcome;
      }
      return this.failed(record, result, outcome);
    }
  }

  private async failed(record: OutboxRecord, result: SendResult, outcome: AttemptOutcome): Promise<AttemptOutcome> {
    const attemptedAt = this.now();
    const lastError = result.ok ? null : result.error;
    const failed: OutboxRecord = { ...record, attempts: record.attempts + 1, lastAttemptAt: attemptedAt, lastError, refused: outcome === 'refused' };
    // The count goes on the stored record, whose body may be newer than the one that failed.
    const current = await this.serially(async () => {
      const stored = await this.readRecord();
      if (stored?.applicationId !== record.applicationId) return stored;
      // A refusal was of the body sent; a newer body deserves its own attempt.
      const refused = failed.refused && stored.key === record.key;
      const updated = { ...stored, attempts: failed.attempts, lastAttemptAt: attemptedAt, lastError, refused };
      await this.options.store.set(OUTBOX_KEY, updated);
      return updated;
    });
    const shown = current ?? failed;
    if (shown.refused) {
      this.setStatus({ state: 'refused', record: shown });
      return 'refused';
    }
    const due = nextAttemptAt(attemptedAt, shown.attempts);
    this.setStatus({ state: 'waiting', record: shown, nextAttemptAt: due });
    if (!this.disposed) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.attempt();
      }, due - attemptedAt);
    }
    return 'retry';
  }
}
