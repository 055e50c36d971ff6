/**
 * A real HTTP server for one end-to-end test: a private copy of dist/ (so a test can edit its
 * config.json like a deployer would) plus an application endpoint whose answers the test
 * scripts: accept, fail with a status (and headers), hang past the client's timeout, or drop the connection.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATUS_PATH, StandInStatusReceiver } from './stand-in-status-receiver';
import { createAppServer, readBody } from '../../server/app-server.mjs';
import { DIST_DIR } from './dist-dir';

export const API_PATH = '/api/applications';
const DRAFTS_PATH = '/api/drafts/';

/** The app's entry script, as the build names it. */
const ENTRY_SCRIPT = /^\/assets\/index-[^/]+\.js$/;

/** A status with any headers to send with it (a 429's Retry-After), a request left hanging, or a dropped connection. */
export type ApiAnswer = { status: number; headers?: Record<string, string> } | 'hang' | 'drop';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

const DIST = DIST_DIR;
const KILL_SWITCH = fileURLToPath(new URL('../../sw/kill-switch.js', import.meta.url));

/** Where the recorder of `recordPageErrors` keeps what it saw, as a JSON list of lines. */
export const PAGE_ERRORS_KEY = 'test-suite:page-errors';

// Plain ES5, so the oldest engine under test runs it before anything else.
const PAGE_ERROR_RECORDER = `(function () {
  var key = '${PAGE_ERRORS_KEY}';
  function keep(line) {
    try {
      var seen = JSON.parse(sessionStorage.getItem(key) || '[]');
      seen.push(String(line).slice(0, 500));
      sessionStorage.setItem(key, JSON.stringify(seen));
    } catch (ignored) {}
  }
  addEventListener('error', function (event) {
    if (event instanceof ErrorEvent) keep('error: ' + event.message + ' at ' + event.filename + ':' + event.lineno);
  });
  addEventListener('unhandledrejection', function (event) {
    var reason = event.reason;
    keep('unhandled rejection: ' + ((reason && (reason.stack || reason.message)) || reason));
  });
})();`;

export class TestApp {
  readonly received: ReceivedRequest[] = [];
  /**
   * Applications the endpoint accepted, as the real receiver keeps them: one per Application-Id
   * (or per Idempotency-Key without one), holding the body of the highest Application-Revision.
   */
  readonly stored = new Map<string, unknown>();
  private readonly storedRevisions = new Map<string, number>();
  private readonly answers: ApiAnswer[] = [];
  private readonly drafts = new Map<string, { content: Buffer; taken: boolean }>();
  private configStatus: number | null = null;
  private entryHeld: Promise<void> | null = null;
  private readonly hanging = new Set<() => void>();
  private readonly server: Server;
  url = '';
  /**
   * STAND-IN for the real receiver's status links (stand-in-status-receiver.ts), off unless a test
   * turns it on with `useStatusStandIn()`: then each accepted PUT answers with a reference and a
   * status link, and `GET /api/status` answers as the contract says. Replaced by the real receiver at merge.
   */
  statusStandIn: StandInStatusReceiver | null = null;

  private constructor(readonly root: string) {
    this.server = createAppServer({ root, api: ({ req, res }) => this.answer(req, res) });
  }

  /** `dist`: the build to serve, dist/ unless a project names another (the StrictMode build, dist-strict/). */
  static async start(dist: string = DIST): Promise<TestApp> {
    const root = await mkdtemp(join(tmpdir(), 'wizard-e2e-'));
    await cp(dist, root, { recursive: true });
    const app = new TestApp(root);
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    const { port } = app.server.address() as AddressInfo;
    app.url = `http://127.0.0.1:${String(port)}`;
    return app;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (this.entryHeld && ENTRY_SCRIPT.test(path)) {
      await this.entryHeld;
      return false;
    }
    if (path === '/config.json' && this.configStatus !== null) {
      res.writeHead(this.configStatus, { 'Content-Type': 'text/plain' }).end('The host failed');
      return true;
    }
    if (path.startsWith(DRAFTS_PATH)) return this.answerDraft(req, res, path.slice(DRAFTS_PATH.length));
    if (path === STATUS_PATH && this.statusStandIn) return this.statusStandIn.answer(req, res);
    if (!path.startsWith(API_PATH)) return false;
    const body = await readBody(req);
    this.received.push({ method: req.method ?? '', path, headers: req.headers, body, at: Date.now() });
    const answer = this.answers.shift() ?? { status: 201 };
    if (answer === 'drop') {
      req.socket.destroy();
    } else if (answer === 'hang') {
      this.hanging.add(() => res.destroy());
    } else {
      if (answer.status >= 200 && answer.status < 300) {
        const key = String(req.headers['idempotency-key'] ?? `no-key-${String(this.received.length)}`);
        const id = String(req.headers['application-id'] ?? key);
        const revision = Number(req.headers['application-revision'] ?? 0);
        if (revision >= (this.storedRevisions.get(id) ?? -1)) {
          this.stored.set(id, JSON.parse(body) as unknown);
          this.storedRevisions.set(id, revision);
        }
      }
      const receipt =
        answer.status === 201 && this.statusStandIn
          ? this.statusStandIn.receiptFor(
              String(req.headers['application-id'] ?? req.headers['idempotency-key'] ?? ''),
              this.url,
              req.headers['content-language'] ?? null,
            )
          : {};
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(JSON.stringify({ status: answer.status, ...receipt }));
    }
    return true;
  }

  /**
   * Drafts in transit as the receiver answers them (server/drafts/drafts-in-transit.mjs: PUT, GET once then 410,
   * DELETE 204 or 410), kept in memory: the journeys of every engine make and open a link against
   * this; the real receiver's drafts are tested in continue-on-another-device.spec.ts and the server's tests.
   */
  private async answerDraft(req: IncomingMessage, res: ServerResponse, id: string): Promise<boolean> {
    const json = (status: number, body?: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(body === undefined ? undefined : JSON.stringify(body));
    };
    const held = this.drafts.get(id);
    if (req.method === 'PUT') {
      const content = await readBytes(req);
      if (held) return (json(409, { error: 'used' }), true);
      const seconds = Number(req.headers['draft-expires-in'] ?? 604_800);
      const expiresAt = new Date(Date.now() + seconds * 1000).toISOString();
      this.drafts.set(id, { content, taken: false });
      json(201, { expiresAt });
    } else if (req.method === 'GET') {
      if (!held) json(404, { error: 'No such draft.' });
      else if (held.taken) json(410, { error: 'Gone.' });
      else {
        held.taken = true;
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' }).end(held.content);
      }
    } else if (req.method === 'DELETE') {
      if (!held) json(404, { error: 'No such draft.' });
      else if (held.taken) json(410, { error: 'Gone.' });
      else {
        held.taken = true;
        res.writeHead(204).end();
      }
    } else json(405, { error: 'Only GET, PUT and DELETE.' });
    return true;
  }

  /** Turns on the STAND-IN status links (see `statusStandIn`). */
  useStatusStandIn(): StandInStatusReceiver {
    this.statusStandIn ??= new StandInStatusReceiver();
    return this.statusStandIn;
  }

  /** The next answers of the application endpoint, in order; after them every request is accepted. */
  answerWith(...answers: ApiAnswer[]): void {
    this.answers.push(...answers);
  }

  /** Forgets the scripted answers: from now on every request is accepted (the server is back up). */
  answerNormally(): void {
    this.answers.length = 0;
  }

  /** Application requests only (not the static files). */
  get applications(): ReceivedRequest[] {
    return this.received.filter((request) => request.method === 'PUT');
  }

  async readConfig(): Promise<Record<string, unknown>> {
    return JSON.parse(await readFile(join(this.root, 'config.json'), 'utf8')) as Record<string, unknown>;
  }

  /** Edits this copy's config.json, as a deployer would edit dist/config.json. */
  async editConfig(edit: (config: Record<string, unknown>) => void): Promise<void> {
    const config = await this.readConfig();
    edit(config);
    await this.writeConfigText(JSON.stringify(config, null, 2));
  }

  async writeConfigText(text: string): Promise<void> {
    await writeFile(join(this.root, 'config.json'), text);
  }

  /** Removes config.json, as a deployment that forgot it would: the server then answers with index.html. */
  async removeConfig(): Promise<void> {
    await rm(join(this.root, 'config.json'));
  }

  /** Makes the host answer config.json with this status (a 5xx outage), or serve the file again with null. */
  /**
   * Holds the app's entry script (its requests wait) until the returned function is called, so
   * the Welcome index.html carries stays on screen, not yet taken over by the app: for any
   * browser, where a test cannot intercept requests itself.
   */
  holdEntryScript(): () => void {
    let release: () => void = () => undefined;
    this.entryHeld = new Promise<void>((resolve) => {
      release = () => {
        this.entryHeld = null;
        resolve();
      };
    });
    return release;
  }

  failConfigWith(status: number | null): void {
    this.configStatus = status;
  }

  /** Serves the kill switch (sw/kill-switch.js) as sw.js, as docs/deploying.md's "Retiring the service worker" says. */
  async deployKillSwitch(): Promise<void> {
    await cp(KILL_SWITCH, join(this.root, 'sw.js'));
  }

  /**
   * Serves a second build in place of the first: index.html gets a marker and a new precache
   * revision, so the service worker file changes and the browser finds an update.
   */
  async deploySecondBuild(marker: string): Promise<void> {
    const indexPath = join(this.root, 'index.html');
    const html = await readFile(indexPath, 'utf8');
    await writeFile(indexPath, html.replace('</head>', `<meta name="build" content="${marker}"></head>`));
    const swPath = join(this.root, 'sw.js');
    const worker = await readFile(swPath, 'utf8');
    const updated = worker.replace(/"revision":"[0-9a-f]+","url":"index.html"/, `"revision":"${marker}","url":"index.html"`);
    if (updated === worker) throw new Error('index.html is not in the precache manifest of sw.js');
    await writeFile(swPath, updated);
  }

  /**
   * The server goes away as a real one does: connections refused, until `comeBack`. Unlike a
   * browser's offline switch this works the same in every engine and driver.
   */
  async goDown(): Promise<void> {
    for (const release of this.hanging) release();
    this.hanging.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
      this.server.closeAllConnections();
    });
  }

  /** The server listens again on the same address, serving the same files. */
  async comeBack(): Promise<void> {
    const { port } = new URL(this.url);
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(Number(port), '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /**
   * Puts a recorder first in <head> of this copy's index.html, before any of the app's scripts:
   * every uncaught error and unhandled rejection of the page, from the first script on, is kept
   * in sessionStorage (so it survives reloads) under PAGE_ERRORS_KEY. Call before the first visit.
   */
  async recordPageErrors(): Promise<void> {
    const indexPath = join(this.root, 'index.html');
    const html = await readFile(indexPath, 'utf8');
    await writeFile(indexPath, html.replace('<head>', `<head><script>${PAGE_ERROR_RECORDER}</script>`));
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
    await rm(this.root, { recursive: true, force: true });
  }
}

/** A request's body as bytes (a draft is ciphertext, not text). */
async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
