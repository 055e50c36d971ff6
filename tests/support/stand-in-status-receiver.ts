import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * STAND-IN, to be replaced by the real receiver at merge: the receiver's status links (the 201's
 * `reference` and `statusUrl`, and `GET /api/status`) as the contract between the page and the
 * receiver says, for the end-to-end tests of the page while the real status room is built apart.
 * Once the real receiver answers these, tests/e2e/status-page.spec.ts should run against it
 * (tests/support/receiver-process.ts) and this file go.
 *
 * What it does: one link per application (by Application-Id), the same on every revision and
 * replay; a random 43-character secret and a reference in the receiver's alphabet; the lookup
 * reads the secret from `Authorization: Bearer` only (400 when malformed, 404 when unknown, 410
 * once erased, 405 for another method), answers `Cache-Control: no-store` and
 * `Referrer-Policy: no-referrer`, and a test can move an application on (`decide`), erase it,
 * or make the next lookups answer 429. It records each lookup's URL and headers.
 */

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const STATUS_PATH = '/api/status';

type Standing = 'received' | 'in-review' | 'accepted' | 'declined';

interface Link {
  reference: string;
  secret: string;
  receivedAt: string;
  language: string | null;
  history: { status: Standing; changedAt: string; message: string | null }[];
  erased: boolean;
}

export interface Lookup {
  url: string;
  method: string;
  headers: IncomingMessage['headers'];
}

function newReference(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

export class StandInStatusReceiver {
  readonly lookups: Lookup[] = [];
  private readonly byApplication = new Map<string, Link>();
  private busyAnswers = 0;

  /** The 201's fields for an application, made at its first revision and the same after. */
  receiptFor(applicationId: string, pageOrigin: string, language: string | null): { reference: string; statusUrl: string } {
    let link = this.byApplication.get(applicationId);
    if (!link) {
      const receivedAt = new Date().toISOString();
      link = {
        reference: newReference(),
        secret: randomBytes(32).toString('base64url'),
        receivedAt,
        language,
        history: [{ status: 'received', changedAt: receivedAt, message: null }],
        erased: false,
      };
      this.byApplication.set(applicationId, link);
    }
    return { reference: link.reference, statusUrl: `${pageOrigin}/status/#${link.secret}` };
  }

  /** The links made so far, in order. */
  get links(): readonly Link[] {
    return [...this.byApplication.values()];
  }

  /** Moves the application with this reference on, as the CLI's `decide` would. */
  decide(reference: string, status: Standing, message: string | null = null): void {
    const link = this.links.find((candidate) => candidate.reference === reference);
    if (!link) throw new Error(`no application ${reference}`);
    link.history.push({ status, changedAt: new Date().toISOString(), message });
  }

  /** Erases the application with this reference: its link answers 410 from now on. */
  erase(reference: string): void {
    const link = this.links.find((candidate) => candidate.reference === reference);
    if (!link) throw new Error(`no application ${reference}`);
    link.erased = true;
  }

  /** The next lookups answer 429 with Retry-After. */
  answerBusy(times = 1): void {
    this.busyAnswers += times;
  }

  answer(req: IncomingMessage, res: ServerResponse): boolean {
    this.lookups.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res
        .writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...headers })
        .end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return (json(405, { code: 'method-not-allowed' }, { Allow: 'GET' }), true);
    if (this.busyAnswers > 0) {
      this.busyAnswers -= 1;
      return (json(429, { code: 'too-many-requests' }, { 'Retry-After': '5' }), true);
    }
    const [, secret] = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '') ?? [];
    if (!secret) return (json(400, { code: 'malformed-status-link' }), true);
    const link = this.links.find((candidate) => candidate.secret === secret);
    if (!link) return (json(404, { code: 'unknown-status-link' }), true);
    if (link.erased) return (json(410, { code: 'application-erased', status: 'withdrawn' }), true);
    const latest = link.history.at(-1) ?? { status: 'received' as const, changedAt: link.receivedAt, message: null };
    json(200, {
      reference: link.reference,
      receivedAt: link.receivedAt,
      status: latest.status,
      changedAt: latest.changedAt,
      message: latest.message,
      language: link.language,
      history: link.history.map(({ status, changedAt }) => ({ status, changedAt })),
    });
    return true;
  }
}
