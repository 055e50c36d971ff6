// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { createReceiver } from '../../../../server/applications/receiver.mjs';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { MIGRATIONS } from '../../../../server/store/schema.mjs';
import type { RequestEntry } from '../../../../server/log/server-log.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the receiver's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function put(receiver: StartedReceiver, body: unknown, headers: Record<string, string> = {}) {
  const all: Array<[string, string]> = [['Content-Type', 'application/json'], ...Object.entries(headers)];
  return rawRequest(`${receiver.url}/api/applications`, { headers: all, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('the receiver on the $name store', ({ databaseUrl, skip }) => {
  let receiver: StartedReceiver;
  beforeAll(async () => {
    if (skip) return;
    receiver = await startTestReceiver({ databaseUrl, corsOrigins: 'https://apply.example.com' });
  }, 60_000);
  afterAll(async () => {
    if (!skip) await stopTestReceiver(receiver);
  });

  it.skipIf(skip)('stores a valid application and answers 201 with a receipt, only after it is stored', async () => {
    const id = unique('app');
    const answer = await put(receiver, sampleBody({ email: 'Store@Example.com' }), { 'Idempotency-Key': unique('key'), 'Application-Id': id });
    expect(answer.status).toBe(201);
    const receipt = answer.json as { id: string; receivedAt: string };
    expect(receipt.id).toBe(id);
    expect(Number.isNaN(Date.parse(receipt.receivedAt))).toBe(false);
    const stored = (await latestApplications(receiver.store)).find((application) => application.id === id);
    expect(stored?.body).toEqual(sampleBody({ email: 'Store@Example.com' }));
  });

  it.skipIf(skip)('replays the stored answer for a repeated key and body, and refuses the key with another body', async () => {
    const key = unique('key');
    const id = unique('app');
    const first = await put(receiver, sampleBody(), { 'Idempotency-Key': key, 'Application-Id': id });
    const again = await put(receiver, sampleBody(), { 'Idempotency-Key': key, 'Application-Id': id });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await put(receiver, sampleBody({ firstName: 'Augusta' }), { 'Idempotency-Key': key, 'Application-Id': id });
    expect(other.status).toBe(422);
    const stored = (await latestApplications(receiver.store)).find((application) => application.id === id);
    expect(stored?.revisions).toBe(1);
    expect((stored?.body as ReturnType<typeof sampleBody>).personalInfo.firstName).toBe('Ada');
  });

  it.skipIf(skip)('keeps one application per Application-Id, and refuses with 409 a new body whose revision is not above the latest', async () => {
    const id = unique('app');
    const second = await put(receiver, sampleBody({ variant: 2 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '2' });
    expect(second.status).toBe(201);
    // A late first revision, or a second one from a device whose copy is stale: nothing stored.
    for (const revision of ['1', '2']) {
      const refused = await put(receiver, sampleBody({ variant: 1 }), {
        'Idempotency-Key': unique('k'),
        'Application-Id': id,
        'Application-Revision': revision,
      });
      expect(refused.status).toBe(409);
      expect(refused.headers['retry-after']).toBeUndefined();
      expect(refused.json).toEqual({
        error: 'A newer revision of this application is stored already.',
        code: 'newer-revision-stored',
        latestRevision: 2,
        receivedAt: (second.json as { receivedAt: string }).receivedAt,
      });
    }
    expect(
      (await put(receiver, sampleBody({ variant: 3 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '3' })).status,
    ).toBe(201);
    const mine = (await latestApplications(receiver.store)).filter((application) => application.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.revisions).toBe(2);
    expect(mine[0]?.body).toEqual(sampleBody({ variant: 3 }));
  });

  it.skipIf(skip)('a stored key is replayed and a reused one refused (422) as before, even once a newer revision is stored', async () => {
    const id = unique('app');
    const key = unique('k');
    const first = await put(receiver, sampleBody({ variant: 1 }), { 'Idempotency-Key': key, 'Application-Id': id, 'Application-Revision': '1' });
    expect(
      (await put(receiver, sampleBody({ variant: 2 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '2' })).status,
    ).toBe(201);
    const replayed = await put(receiver, sampleBody({ variant: 1 }), { 'Idempotency-Key': key, 'Application-Id': id, 'Application-Revision': '1' });
    expect(replayed.status).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json).toEqual(first.json);
    expect((await put(receiver, sampleBody({ variant: 3 }), { 'Idempotency-Key': key, 'Application-Id': id, 'Application-Revision': '1' })).status).toBe(422);
    // Without Application-Revision (an older wizard), every new body is stored, as before.
    for (const variant of [4, 5])
      expect((await put(receiver, sampleBody({ variant }), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
    expect((await latestApplications(receiver.store)).find((application) => application.id === id)?.revisions).toBe(4);
  });

  it.skipIf(skip)(
    'of two bodies with one revision sent at once, one is stored (201) and the other refused (409); the log says why, with no answers',
    async () => {
      const lines: string[] = [];
      const requests: RequestEntry[] = [];
      const own = await startTestReceiver({ databaseUrl, log: (line) => lines.push(line), logRequest: (entry) => requests.push(entry) });
      try {
        const id = unique('app');
        const send = (variant: number) =>
          put(own, sampleBody({ email: 'race@example.com', variant }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '1' });
        const answers = await Promise.all([send(1), send(2)]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        expect((await latestApplications(own.store)).find((application) => application.id === id)?.revisions).toBe(1);
        expect(lines).toContain(`refused application ${id} revision 1: revision 1 is stored`);
        expect(requests.filter((entry) => entry.status === 409).map((entry) => entry.reason)).toEqual(['newer revision stored']);
        expect(JSON.stringify([lines, requests])).not.toContain('race@example.com');
      } finally {
        await stopTestReceiver(own);
      }
    },
  );

  it.skipIf(skip)("refuses an invalid application with 422 and the wizard's own messages", async () => {
    const body = sampleBody({ email: 'not an address' });
    const answer = await put(receiver, body, { 'Idempotency-Key': unique('key') });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual([{ path: 'personalInfo.emailAddress', message: 'Enter a valid email address' }]);
    for (const bad of ['null', '42', '[]', '"text"']) expect((await put(receiver, bad, { 'Idempotency-Key': unique('key') })).status).toBe(422);
  });

  it.skipIf(skip)('answers 400 to a body that is not JSON, or not UTF-8', async () => {
    expect((await put(receiver, '{"personalInfo":', { 'Idempotency-Key': unique('key') })).status).toBe(400);
    const latin1 = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]);
    const answer = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
      ],
      body: latin1,
    });
    expect(answer.status).toBe(400);
  });

  it.skipIf(skip)('answers 400 to a missing, empty, too long, repeated or non-visible Idempotency-Key and a bad Application-Id', async () => {
    const body = JSON.stringify(sampleBody());
    const statusWith = async (headers: Array<[string, string]>) =>
      (await rawRequest(`${receiver.url}/api/applications`, { headers: [['Content-Type', 'application/json'], ...headers], body })).status;
    expect(await statusWith([])).toBe(400);
    expect(await statusWith([['Idempotency-Key', '']])).toBe(400);
    expect(await statusWith([['Idempotency-Key', 'k'.repeat(256)]])).toBe(400);
    expect(await statusWith([['Idempotency-Key', 'two words']])).toBe(400);
    expect(
      await statusWith([
        ['Idempotency-Key', 'a'],
        ['Idempotency-Key', 'b'],
      ]),
    ).toBe(400);
    expect(
      await statusWith([
        ['Idempotency-Key', unique('k')],
        ['Application-Id', 'x'.repeat(256)],
      ]),
    ).toBe(400);
    expect(
      await statusWith([
        ['Idempotency-Key', unique('k')],
        ['Application-Revision', '0'],
      ]),
    ).toBe(400);
    expect(await statusWith([['Idempotency-Key', 'k'.repeat(255)]])).toBe(201);
  });

  it.skipIf(skip)('answers 415 to anything but application/json', async () => {
    const body = JSON.stringify(sampleBody());
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      const answer = await rawRequest(`${receiver.url}/api/applications`, {
        headers: [
          ['Content-Type', type],
          ['Idempotency-Key', unique('k')],
        ],
        body,
      });
      expect(answer.status).toBe(415);
    }
    const answer = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json; charset=UTF-8'],
        ['Idempotency-Key', unique('k')],
      ],
      body,
    });
    expect(answer.status).toBe(201);
  });

  it.skipIf(skip)('answers 413 above 64 kB, declared or streamed, without reading the rest', async () => {
    const declared = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
        ['Content-Length', String(65 * 1024)],
      ],
      headersOnly: true,
    });
    expect(declared.status).toBe(413);
    let sent = 0;
    async function* endless() {
      // 64 MB if the server kept reading; it stops at 64 kB and closes the connection.
      for (let chunk = 0; chunk < 4096; chunk += 1) {
        sent += 16 * 1024;
        yield Buffer.alloc(16 * 1024, 0x20);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // The server answers 413 and closes the connection while the client is still writing: the
    // client reads the 413, or, when the close overtakes it (TCP resets a socket closed with unread
    // data), sees the reset. Either way the server stopped reading long before the 64 MB.
    const streamed = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
      ],
      body: endless(),
    }).catch((error: unknown) => ({ status: (error as NodeJS.ErrnoException).code }));
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(streamed.status);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    // And it is still answering.
    expect((await put(receiver, sampleBody(), { 'Idempotency-Key': unique('k') })).status).toBe(201);
  });

  it.skipIf(skip)('answers 405 to other methods, and refuses origins not configured', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH']) {
      const answer = await rawRequest(`${receiver.url}/api/applications`, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('PUT');
    }
    const body = JSON.stringify(sampleBody());
    const foreign = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
        ['Origin', 'https://evil.example'],
      ],
      body,
    });
    expect(foreign.status).toBe(403);
    const own = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
        ['Origin', receiver.url],
      ],
      body,
    });
    expect(own.status).toBe(201);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await rawRequest(`${receiver.url}/api/applications`, {
      method: 'OPTIONS',
      headers: [
        ['Origin', 'https://apply.example.com'],
        ['Access-Control-Request-Method', 'PUT'],
      ],
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Idempotency-Key');
    const configured = await rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('k')],
        ['Origin', 'https://apply.example.com'],
      ],
      body,
    });
    expect(configured.status).toBe(201);
    expect(configured.headers['access-control-allow-origin']).toBe('https://apply.example.com');
  });

  it.skipIf(skip || databaseUrl !== undefined)('keeps its admin endpoints to requests with the per-start token', async () => {
    const admin = receiver.adminUrl ?? '';
    expect((await rawRequest(`${admin}/admin/applications`, { method: 'GET' })).status).toBe(401);
    expect((await rawRequest(`${admin}/admin/applications`, { method: 'GET', headers: [['Authorization', 'Bearer wrong']] })).status).toBe(401);
    expect((await rawRequest(`${admin}/admin/erase`, { method: 'POST', headers: [['Origin', 'https://evil.example']] })).status).toBe(404);
    // The public port has none, even with the token: what comes through a proxy never reaches them.
    const { token } = JSON.parse(await readFile(join(receiver.dataDir, 'receiver.json'), 'utf8')) as { token: string };
    const throughPublic = await rawRequest(`${receiver.url}/admin/applications`, { method: 'GET', headers: [['Authorization', `Bearer ${token}`]] });
    expect(throughPublic.status).toBe(404);
    expect(throughPublic.text).toBe('Not found');
    expect((await rawRequest(`${admin}/admin/applications`, { method: 'GET', headers: [['Authorization', `Bearer ${token}`]] })).status).toBe(200);
  });

  it.skipIf(skip)(
    'creates the schema once: a restart on the same store keeps the applications and the version',
    async () => {
      const id = unique('app');
      expect((await put(receiver, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
      await receiver.close();
      receiver = await startTestReceiver({ databaseUrl, dataDir: receiver.dataDir, corsOrigins: 'https://apply.example.com' });
      expect((await latestApplications(receiver.store)).some((application) => application.id === id)).toBe(true);
      const { rows } = await receiver.store.query('SELECT version FROM schema_version ORDER BY version');
      expect(rows).toEqual(MIGRATIONS.map(({ version }) => ({ version })));
    },
    60_000,
  );
});

describe('a key whose first request is still being stored', () => {
  it('is answered 409, and the first request then completes', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entered: Array<() => void> = [];
    const store = {
      kind: 'embedded' as const,
      async query() {
        for (const notify of entered) notify();
        await gate;
        return { rows: [{ outcome: 'created', idempotency_key: 'same-key', application_id: 'same-key', fingerprint: '', received_at: new Date() }] };
      },
      close: () => Promise.resolve(),
      transaction: () => Promise.reject(new Error('not used')),
    };
    const receiver = createReceiver({ store, path: '/api/applications', validate: () => [] });
    const server = createServer((req, res) => {
      void receiver(createRequestContext(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/applications`;
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', 'same-key'],
    ];
    const storing = new Promise<void>((resolve) => entered.push(resolve));
    const first = rawRequest(url, { headers, body: '{}' });
    await storing;
    const second = await rawRequest(url, { headers, body: '{}' });
    expect(second.status).toBe(409);
    release();
    expect((await first).status).toBe(201);
    server.close();
  });
});
