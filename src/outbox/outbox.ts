import type { KeyValueStore } from '../storage/resilient-store';
import { attemptOnce, type AttemptOnceOptions, type FilesWait, type SendReadiness } from './attempt-once';
import { withLatestBody, type ContinuedApplication, type OutboxRecord } from './outbox-record';
import { keyValueOutboxStore, type OutboxStore } from './outbox-store';
import { nextAttemptAt, type AttemptOutcome } from './retry-policy';
import type { SendResult } from './send-application';

/**
 * The submission queue. An application to send is a record in the app's store (its latest
 * body, its ids, the attempts so far and the last error; see outbox-record.ts), so it survives a
 * reload, a crash or a closed tab. Attempts run one at a time, in one tab at a time; a failure
 * worth retrying is retried on a backoff of min(2^n, 300) seconds, when the browser comes back
 * online, when the page opens again, or at once when the creator presses Continue, but never
 * before the server's Retry-After (attempt-once.ts keeps that wait on the record). An edit while
 * the application is pending revises the record (a new key for the new body), so whatever sends
 * next sends the latest answers; an attempt that was already sending an older body counts only if
 * nothing newer came meanwhile, else the newer body is sent at once. Only an accepted attempt of
 * the latest body removes the record. Each attempt is attempt-once.ts, as in the service worker.
 * A body that names files waits, unsent and without a failure counted, until the receiver holds
 * every one (`uploading`); it is tried again whenever an upload ends or the answers change.
 */

export type { OutboxRecord };

/** How a submission ended: accepted from here, sent first from another device, or withdrawn (erased on the receiver). */
export type AcceptedEnding = 'here' | 'elsewhere' | 'withdrawn';

export type OutboxStatus =
  | { state: 'empty' }
  | { state: 'sending'; record: OutboxRecord }
  | { state: 'waiting'; record: OutboxRecord; nextAttemptAt: number }
  | { state: 'refused'; record: OutboxRecord }
  /** Not sent until its files are uploaded (tried again as each is), or until a file refused for good is replaced. */
  | { state: 'uploading'; record: OutboxRecord; files: FilesWait }
  /**
   * `elsewhere`: sent first from another device, with its answers (this device's were not sent).
   * `withdrawn`: the receiver erased the application (410) and stores nothing of it again.
   */
  | { state: 'accepted'; elsewhere?: true; withdrawn?: true };

export interface OutboxOptions {
  store: KeyValueStore;
  send: (record: OutboxRecord) => Promise<SendResult>;
  /** Runs `attempt` only where no other tab is sending; resolves null when one is. */
  exclusively: <T>(attempt: () => Promise<T>) => Promise<T | null>;
  newId: () => string;
  now?: () => number;
  /** The application continued from another device, if any: a first send takes its id and numbers above it. */
  continued?: () => Promise<ContinuedApplication | undefined>;
  /** Readies a body just before it goes: its files' upload ids, or what it still waits for (attempt-once.ts). */
  prepare?: (record: OutboxRecord) => Promise<SendReadiness>;
  /** Makes files the receiver did not find whole at the send go again (attempt-once.ts). */
  uploadAgain?: AttemptOnceOptions['uploadAgain'];
}

export class Outbox {
  private status: OutboxStatus = { state: 'empty' };
  private readonly listeners = new Set<(status: OutboxStatus) => void>();
  private inFlight: Promise<AttemptOutcome | 'busy'> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  // Stopped while the page that owns the queue is not using it (its effect cleaned up): no retry
  // is scheduled. `resume()` starts it again, so a re-run effect (StrictMode, a hidden and shown
  // subtree) finds a live queue rather than one disposed for good.
  private stopped = false;
  private acceptance: (ending: AcceptedEnding) => Promise<void> = () => Promise.resolve();
  private readonly records: OutboxStore;

  constructor(private readonly options: OutboxOptions) {
    this.records = keyValueOutboxStore(options.store);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** What to do once the server has accepted the application (or it was sent elsewhere, or withdrawn), before listeners hear of it. */
  handleAcceptance(handler: (ending: AcceptedEnding) => Promise<void>): void {
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

  /**
   * Queues the latest answers (the same application, with a new key if they changed) and tries
   * to send them now; an attempt already under way is let finish first.
   */
  async submit(url: string, body: unknown, language?: string): Promise<AttemptOutcome | 'busy'> {
    if (this.status.state === 'accepted') return 'accepted';
    const continued = await this.options.continued?.();
    await this.records.update((existing) => ({
      ...withLatestBody(existing, url, body, this.options.newId, this.now(), continued),
      refused: false,
      ...(language ? { language } : {}),
    }));
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
    const was = { held: false };
    await this.records.update((existing) => {
      if (!existing) return existing;
      if (body === null) return existing.held ? existing : { ...existing, held: true };
      was.held = existing.held;
      const record = withLatestBody(existing, existing.url, body, this.options.newId, this.now());
      return record.key !== existing.key || record.held !== existing.held ? record : existing;
    });
    // Valid again after being held: the wait for it is over. Waiting for files: a file replaced may be the one it waited for.
    if (was.held || this.status.state === 'uploading') this.retrySoon();
  }

  /** On page load, or the queue's owner back in use: picks up an application left unsent. */
  async resume(): Promise<void> {
    this.stopped = false;
    const record = await this.records.read();
    if (!record) return;
    if (record.refused) this.setStatus({ state: 'refused', record });
    else void this.attempt();
  }

  /** The browser is back online, the creator is back, or a file it waits for was uploaded: try a waiting application now. */
  retrySoon(): void {
    // Stopped (another tab edits, or the application may be moving to another device): not from here.
    if (this.stopped) return;
    if (this.status.state === 'waiting' || this.status.state === 'uploading') void this.attempt();
  }

  /** The service worker says it sent the application: a waiting one finds its record gone and is accepted. */
  recheck(): void {
    if (this.stopped) return;
    if (this.status.state === 'waiting' || this.status.state === 'refused' || this.status.state === 'uploading') void this.attempt();
  }

  /** Forgets an accepted application so a new one can be sent. */
  reset(): void {
    this.clearTimer();
    this.setStatus({ state: 'empty' });
  }

  /**
   * The application may move to another device (handover/): no more attempts from here, and an
   * attempt under way is let finish. Resolves 'accepted' when it was accepted meanwhile, else the
   * record queued (undefined when none). `discard()` then forgets it; `resume()` carries on.
   */
  async pause(): Promise<{ record: OutboxRecord | undefined } | 'accepted'> {
    this.stop();
    while (this.inFlight) await this.inFlight;
    if (this.status.state === 'accepted') return 'accepted';
    return { record: await this.records.read() };
  }

  /** The application went to another device, which sends it from now on: the record is removed. */
  async discard(): Promise<void> {
    this.stop();
    await this.records.update(() => undefined);
    this.setStatus({ state: 'empty' });
  }

  /** No more automatic retries until `resume()`; an attempt under way ends as it would. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
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
      const result = await attemptOnce(this.records, {
        send: this.options.send,
        ...(this.options.prepare ? { prepare: this.options.prepare } : {}),
        ...(this.options.uploadAgain ? { uploadAgain: this.options.uploadAgain } : {}),
        now: () => this.now(),
        onSending: (record) => {
          this.setStatus({ state: 'sending', record });
        },
      });
      switch (result.kind) {
        case 'none':
        case 'accepted':
          // An edit came while the body was on its way: it goes out now.
          if (result.kind === 'accepted' && !result.latest) continue;
          // Accepted here, or sent meanwhile by another tab, the service worker or another device.
          if (result.kind === 'accepted' && result.withdrawn) {
            await this.acceptance('withdrawn');
            this.setStatus({ state: 'accepted', withdrawn: true });
            return 'withdrawn';
          }
          if (result.kind === 'accepted' && result.elsewhere) {
            await this.acceptance('elsewhere');
            this.setStatus({ state: 'accepted', elsewhere: true });
            return 'accepted';
          }
          await this.acceptance('here');
          this.setStatus({ state: 'accepted' });
          return 'accepted';
        case 'waiting':
          if (result.record.held) {
            // Edited into answers the wizard would not send: wait for them (revise or Continue).
            this.setStatus({ state: 'waiting', record: result.record, nextAttemptAt: Number.POSITIVE_INFINITY });
            return 'retry';
          }
          // Refused in another tab meanwhile: only Continue sends it again.
          this.setStatus({ state: 'refused', record: result.record });
          return 'refused';
        case 'later':
          return this.waitUntil(result.record, result.due);
        case 'files':
          // No timer: the uploads say when a file is done (page-outbox.ts), an edit may replace a refused one.
          this.setStatus({ state: 'uploading', record: result.record, files: result.files });
          return result.files.failed ? 'refused' : 'retry';
        case 'failed':
          if (result.outcome === 'refused') {
            this.setStatus({ state: 'refused', record: result.record });
            return 'refused';
          }
          return this.waitUntil(result.record, nextAttemptAt(result.attemptedAt, result.record.attempts, result.record.notBefore));
      }
    }
  }

  /** Shows the usual failed-send line and tries again at `due` (or sooner, when something above asks). */
  private waitUntil(record: OutboxRecord, due: number): AttemptOutcome {
    this.setStatus({ state: 'waiting', record, nextAttemptAt: due });
    if (!this.stopped) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.attempt();
      }, due - this.now());
    }
    return 'retry';
  }
}
