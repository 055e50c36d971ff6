// @vitest-environment node
// The signature check docs/receiver.md gives the team for a code step in Zapier or n8n, run as it is
// printed against webhooks the receiver's own sender signs, so the document cannot drift from it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../../server/webhooks/send-webhook.mjs';
import { startWebhookEndpoint, type WebhookEndpoint } from '../../support/webhook-endpoint';

type Verify = (secret: string, headers: Record<string, string | string[] | undefined>, body: string) => unknown;

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
let folder: string;
let verifyWebhook: Verify;
let endpoint: WebhookEndpoint;

beforeAll(async () => {
  const doc = await readFile(new URL('../../../docs/receiver.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Verifying a webhook'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('docs/receiver.md has no js block under "Verifying a webhook"');
  // The text says how long the block is: it must be so.
  const stated = /these (\d+) lines of Node/.exec(section)?.[1];
  expect(Number(stated), 'the line count docs/receiver.md gives the block').toBe(code.trim().split('\n').length);
  expect(code.trim().split('\n').length).toBeLessThanOrEqual(22);
  folder = await mkdtemp(join(tmpdir(), 'verify-doc-'));
  const file = join(folder, 'verify.mjs');
  await writeFile(file, code);
  verifyWebhook = ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook;
  endpoint = await startWebhookEndpoint();
});

afterAll(async () => {
  await endpoint.close();
  await rm(folder, { recursive: true, force: true });
});

async function signedWebhook(payload: string, at = new Date()) {
  const settings = { url: new URL(endpoint.url), secret: SECRET, timeoutMs: 2_000, giveUpAfterMs: 1_000, firstRetryMs: 100 };
  expect((await sendWebhook(settings, { id: `msg_${randomBytes(16).toString('hex')}`, payload }, at)).delivered).toBe(true);
  const webhook = endpoint.received.at(-1);
  if (!webhook) throw new Error('no webhook arrived');
  return webhook;
}

describe('the documented signature check', () => {
  it('accepts a webhook the receiver signed and returns its payload', async () => {
    const payload = JSON.stringify({
      type: 'application.received',
      timestamp: 't',
      data: { id: 'a', revision: 1, receivedAt: 't', language: 'fr', body: { note: 'Été, ça va' } },
    });
    const webhook = await signedWebhook(payload);
    expect(verifyWebhook(SECRET, webhook.headers, webhook.body)).toEqual(JSON.parse(payload));
  });

  it('refuses a changed body, another secret, and an old message', async () => {
    const webhook = await signedWebhook('{"type":"application.received"}');
    expect(() => verifyWebhook(SECRET, webhook.headers, '{"type":"application.revised"}')).toThrow(/bad signature/);
    expect(() => verifyWebhook(`whsec_${randomBytes(32).toString('base64')}`, webhook.headers, webhook.body)).toThrow(/bad signature/);
    expect(() => verifyWebhook(SECRET, { ...webhook.headers, 'webhook-signature': undefined }, webhook.body)).toThrow(/not a signed webhook/);
    const old = await signedWebhook('{"type":"application.received"}', new Date(Date.now() - 10 * 60 * 1000));
    expect(() => verifyWebhook(SECRET, old.headers, old.body)).toThrow(/timestamp/);
  });
});
