// @vitest-environment node
// `npm run dev` is the whole loop, sending included: the dev server starts the real receiver and
// forwards the programme's requestUrl to it (scripts/dev-receiver.ts). Started here as `npm run
// dev` starts it, from the project's own vite.config.ts, on a free port.
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
}, 60_000);

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

  it('closes the receiver with the dev server', async () => {
    const receiver = await receiverUrl;
    expect(await answers(receiver)).toBe(true);

    await server.close();

    await expect.poll(() => answers(receiver), { timeout: 10_000 }).toBe(false);
  });
});
