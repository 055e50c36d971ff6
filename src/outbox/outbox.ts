import type { KeyValueStore } from '../storage/resilient-store';
import { OUTBOX_KEY } from '../storage/stored-keys';
import { classifyAttempt, nextAttemptAt, type AttemptOutcome } from './retry-policy';
import type { SendResult } from './send-application';

/**
 * The submission queue. An application to send is a record in the app's store (its body,
 * a client-made id sent as Idempotency-Key with every attempt, the attempts so far and the
 * last error), so it survives a reload, a crash or a closed tab. Attempts run one at a time,
 * in one tab at a time; a failure worth retrying is retried on a backoff of min(2^n, 300)
 * seconds, when the browser comes back online, when the page opens again, or at once when
 * the creator presses Continue. Only an accepted attempt removes the record.
 */


export interface OutboxRecord {
  id: string;
  url: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  lastAttemptAt: number | null;
  lastError: string | null;
  /** The server refused it (a 4xx other than 408/429): no automatic retries. */
  refused: boolean;
}

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
    return this.options.store.get<OutboxRecord>(OUTBOX_KEY);
  }

  /**
   * Queues the application (keeping the id of one already queued, so a retry after an edit is
   * still the same application to the server) and tries to send it now.
   */
  async submit(url: string, body: unknown): Promise<AttemptOutcome | 'busy'> {
    if (this.status.state === 'accepted') return 'accepted';
    if (this.inFlight) return this.inFlight;
    const existing = await this.readRecord();
    const record: OutboxRecord = existing
      ? { ...existing, url, body, refused: false }
      : { id: this.options.newId(), url, body, createdAt: this.now(), attempts: 0, lastAttemptAt: null, lastError: null, refused: false };
    await this.options.store.set(OUTBOX_KEY, record);
    return this.attempt();
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
    // Read again under the lock: another tab may have sent it meanwhile.
    const record = await this.readRecord();
    if (!record) {
      // Sent meanwhile by another tab or by the service worker: accepted all the same.
      await this.acceptance();
      this.setStatus({ state: 'accepted' });
      return 'accepted';
    }
    this.setStatus({ state: 'sending', record });
    const result = await this.options.send(record);
    const outcome = classifyAttempt(result);
    if (outcome === 'accepted') {
      await this.options.store.delete(OUTBOX_KEY);
      await this.acceptance();
      this.setStatus({ state: 'accepted' });
      return outcome;
    }
    const attemptedAt = this.now();
    const failed: OutboxRecord = {
      ...record,
      attempts: record.attempts + 1,
      lastAttemptAt: attemptedAt,
      lastError: result.ok ? null : result.error,
      refused: outcome === 'refused',
    };
    // Only if the record is still the one sent: a newer submit has replaced it otherwise.
    const current = await this.readRecord();
    if (current?.id === record.id) await this.options.store.set(OUTBOX_KEY, { ...current, attempts: failed.attempts, lastAttemptAt: attemptedAt, lastError: failed.lastError, refused: failed.refused });
    if (outcome === 'refused') {
      this.setStatus({ state: 'refused', record: failed });
    } else {
      const due = nextAttemptAt(attemptedAt, failed.attempts);
      this.setStatus({ state: 'waiting', record: failed, nextAttemptAt: due });
      if (!this.disposed) {
        this.timer = setTimeout(() => {
          this.timer = null;
          void this.attempt();
        }, due - attemptedAt);
      }
    }
    return outcome;
  }
}
