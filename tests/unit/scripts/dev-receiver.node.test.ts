// @vitest-environment node
// `npm run dev` is the whole loop, sending included: the dev server starts the real receiver and
// forwards to it every path the page reaches it at (scripts/dev-receiver.ts): the programme's
// requestUrl, the drafts in transit and the proof-of-work challenge beside it. Started here as
// `npm run dev` starts it, from the project's own vite.config.ts, on a free port.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port';
import { rawRequest } from '../../support/http-request';
import { sampleBody } from '../../support/sample-application.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REQUEST_PATH = '/api/applications';
/** Beside it, as the page reaches them (src/handover/drafts-endpoint.ts, src/proof-of-work/proof-of-work-http.ts). */
const DRAFTS_PATH = '/api/drafts/';
const CHALLENGE_PATH = '/api/challenge';

let server: ViteDevServer;
let origin: string;
let dataDir: string;
/** The receiver's own address, as the dev server prints it. */
let receiverUrl: Promise<string>;
const previousDataDir = process.env.DEV_DATA_DIR;

/** Says whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD' });
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dev-receiver-'));
  process.env.DEV_DATA_DIR = dataDir;
  const logger = createLogger('silent');
  receiverUrl = new Promise((resolve) => {
    logger.info = (message) => {
      const printed = /Receiver: PUT \S+ → (http:\/\/\S+)/.exec(message);
      if (printed?.[1]) resolve(printed[1]);
    };
  });
  const port = await freePort();
  server = await createServer({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    mode: 'development',
    customLogger: logger,
    server: { host: '127.0.0.1', port, strictPort: true, watch: null },
  });
  await server.listen();
  origin = `http://127.0.0.1:${String(port)}`;
  // Started, so that no test's time goes on the receiver's start (its embedded database) on a busy machine.
  await receiverUrl;
}, 90_000);

afterAll(async () => {
  await server.close();
  if (previousDataDir === undefined) delete process.env.DEV_DATA_DIR;
  else process.env.DEV_DATA_DIR = previousDataDir;
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('forwards a PUT to the requestUrl to the receiver it started, which stores the application', async () => {
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Origin', origin],
      ['Idempotency-Key', 'dev-loop-key'],
      ['Application-Id', 'dev-loop-application'],
    ];
    const body = JSON.stringify(sampleBody());

    const sent = await rawRequest(`${origin}${REQUEST_PATH}`, { headers, body });

    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ id: 'dev-loop-application' });
    // Sent again, it is answered from what the receiver stored, not stored twice.
    const again = await rawRequest(`${origin}${REQUEST_PATH}`, { headers, body });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('forwards every path the page reaches the receiver at: drafts in transit and the challenge too', async () => {
    const receiver = await receiverUrl;
    const id = 'dev-loop-draft-0123456789abcdef';
    const sealed = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]);

    // Continuing on another device stores the sealed draft beside the applications, and takes it once.
    const stored = await rawRequest(`${origin}${DRAFTS_PATH}${id}`, {
      headers: [
        ['Content-Type', 'application/octet-stream'],
        ['Origin', origin],
        ['Draft-Expires-In', '600'],
      ],
      body: sealed,
    });
    expect(stored.status).toBe(201);
    expect(stored.json).toMatchObject({ expiresAt: expect.any(String) as string });
    const taken = await fetch(`${origin}${DRAFTS_PATH}${id}`, { headers: { Origin: origin } });
    expect(taken.status).toBe(200);
    expect(Buffer.from(await taken.arrayBuffer())).toEqual(sealed);
    expect((await fetch(`${receiver}${DRAFTS_PATH}${id}`)).status).toBe(410);

    // The challenge is the receiver's answer (that proof of work is off), never Vite's.
    const challenge = await rawRequest(`${origin}${CHALLENGE_PATH}`, { method: 'GET', headers: [['Origin', origin]] });
    expect({ status: challenge.status, json: challenge.json }).toEqual({ status: 200, json: { required: false } });
  });

  it('closes the receiver with the dev server', async () => {
    const receiver = await receiverUrl;
    expect(await answers(receiver)).toBe(true);

    await server.close();

    await expect.poll(() => answers(receiver), { timeout: 10_000 }).toBe(false);
  });
});
