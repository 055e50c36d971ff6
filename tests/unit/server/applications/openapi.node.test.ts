// @vitest-environment node
// docs/receiver-openapi.json kept honest: every status the receiver can answer is documented and
// nothing else, each documented answer is what a running receiver sends (status, body schema,
// headers), the headers' formats are the server's own checks, and the body's schema is the shape
// the wizard's shared validator (src/application/validate-application-body.ts) accepts.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { MAX_BODY_BYTES, createReceiver } from '../../../../server/applications/receiver.mjs';
import { isToken, parseRevision } from '../../../../server/http/request-headers.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { PERSONAL_INFO_TEXT_FIELDS } from '../../../../src/application/values/field-paths';
import { PLATFORM_KEYS, platformFields } from '../../../../src/application/values/platforms';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

type Schema = Record<string, unknown>;
interface Operation {
  parameters: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  requestBody: { 'x-max-body-bytes': number; content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, Schema>; content?: Record<string, { schema: Schema; examples?: Record<string, { value: unknown }> }> }>;
}

const doc = JSON.parse(readFileSync(new URL('../../../../docs/receiver-openapi.json', import.meta.url), 'utf8')) as {
  openapi: string;
  paths: Record<string, { put: Operation; options: Operation }>;
  components: { schemas: Record<string, Schema>; headers: Record<string, Schema> };
};
const path = doc.paths['/api/applications'];
if (!path) throw new Error('docs/receiver-openapi.json describes no /api/applications');
const { put, options } = path;

/** A `#/components/...` reference followed, or the object itself. */
function resolved(node: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown>)[part];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolved(target as Schema);
}

/** The JSON Schema keywords the document uses, enough to check the server's answers and bodies. */
function problems(node: Schema, value: unknown, at = '$'): string[] {
  const schema = resolved(node);
  if (Array.isArray(schema.oneOf)) {
    const passing = (schema.oneOf as Schema[]).filter((option) => problems(option, value, at).length === 0).length;
    return passing === 1 ? [] : [`${at}: matches ${String(passing)} of oneOf`];
  }
  if ('const' in schema && value !== schema.const) return [`${at}: not ${JSON.stringify(schema.const)}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return [`${at}: not one of ${JSON.stringify(schema.enum)}`];
  switch (schema.type) {
    case 'null':
      return value === null ? [] : [`${at}: not null`];
    case 'string': {
      if (typeof value !== 'string') return [`${at}: not a string`];
      const found: string[] = [];
      if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) found.push(`${at}: longer than ${String(schema.maxLength)}`);
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) found.push(`${at}: does not match ${schema.pattern}`);
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) found.push(`${at}: not a date-time`);
      return found;
    }
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return [`${at}: not an integer`];
      return typeof schema.minimum === 'number' && value < schema.minimum ? [`${at}: below ${String(schema.minimum)}`] : [];
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${at}: not an array`];
      const found: string[] = [];
      if (typeof schema.minItems === 'number' && value.length < schema.minItems) found.push(`${at}: fewer than ${String(schema.minItems)} items`);
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) found.push(`${at}: more than ${String(schema.maxItems)} items`);
      if (schema.items) value.forEach((item, index) => found.push(...problems(schema.items as Schema, item, `${at}[${String(index)}]`)));
      return found;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      const record = value as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const found: string[] = [];
      for (const name of (schema.required ?? []) as string[]) if (!(name in record)) found.push(`${at}.${name}: missing`);
      for (const [name, item] of Object.entries(record)) {
        const property = properties[name];
        if (property) found.push(...problems(property, item, `${at}.${name}`));
        else if (schema.additionalProperties === false) found.push(`${at}.${name}: not allowed`);
      }
      return found;
    }
    default:
      throw new Error(`${at}: a schema this test does not read: ${JSON.stringify(schema)}`);
  }
}

/** The answer is one the document describes for this operation: its status, body schema and headers. */
function expectDocumented(operation: Operation, answer: RawAnswer): void {
  const response = operation.responses[String(answer.status)];
  expect(response, `status ${String(answer.status)} is documented`).toBeDefined();
  if (!response) return;
  const content = response.content?.['application/json'];
  if (content) {
    expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
    expect(problems(content.schema, answer.json)).toEqual([]);
  } else expect(answer.text).toBe('');
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const definition = resolved(header);
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      expect(definition.required, `${name} may be missing from ${String(answer.status)}`).not.toBe(true);
      continue;
    }
    expect(problems(definition.schema as Schema, value), `${name} on ${String(answer.status)}`).toEqual([]);
  }
}

const validate = (() => {
  const rules = receiverRules(JSON.parse(readFileSync(new URL('../../../../public/config.json', import.meta.url), 'utf8')));
  if (!rules.ok) throw new Error('public/config.json is invalid');
  return rules.validate;
})();
const bodySchema = put.requestBody.content['application/json']?.schema ?? {};

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

describe('docs/receiver-openapi.json', () => {
  it('is OpenAPI 3.1 and documents every status the receiver can answer, and no other', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const source = readFileSync(new URL('../../../../server/applications/receiver.mjs', import.meta.url), 'utf8');
    const answered = new Set([...source.matchAll(/(?:answer\(ctx, |refusal\(|Refused\()(\d{3})/g)].map((match) => match[1]));
    // The shared toolkit's answers the receiver uses: the origin refused (403), the preflight (204), a body too large (413).
    const toolkit = readFileSync(new URL('../../../../server/http/respond.mjs', import.meta.url), 'utf8');
    for (const match of toolkit.matchAll(/(?:refusal\(|writeHead\()(\d{3})/g)) answered.add(match[1]);
    // Refusals made before the receiver reads the body (admission.mjs), and answers the server
    // writes before any handler runs (connection-limits.mjs).
    const admission = readFileSync(new URL('../../../../server/limits/admission.mjs', import.meta.url), 'utf8');
    for (const match of admission.matchAll(/status: (\d{3})/g)) answered.add(match[1]);
    const connectionLimits = readFileSync(new URL('../../../../server/limits/connection-limits.mjs', import.meta.url), 'utf8');
    for (const match of connectionLimits.matchAll(/\[(\d{3}), '/g)) answered.add(match[1]);
    const documented = new Set([...Object.keys(put.responses), ...Object.keys(options.responses)]);
    expect([...documented].sort()).toEqual([...answered].sort());
    for (const status of ['201', '400', '405', '409', '413', '415', '422']) expect(Object.keys(put.responses)).toContain(status);
  });

  it("names the headers the server reads, in the server's own formats", () => {
    const parameter = (name: string) => put.parameters.find((candidate) => candidate.name === name && candidate.in === 'header');
    expect(parameter('Idempotency-Key')?.required).toBe(true);
    const tokens = ['a', 'x'.repeat(255), 'x'.repeat(256), '', 'with space', 'é', '8f0c2b1e-6d5a-4c1b-9e0f-3a2d4b5c6e7f', '~!', 'tab\t'];
    for (const name of ['Idempotency-Key', 'Application-Id']) {
      const schema = parameter(name)?.schema ?? {};
      for (const token of tokens) expect(problems(schema, token).length === 0, `${name} ${JSON.stringify(token)}`).toBe(isToken(token));
    }
    const revision = parameter('Application-Revision')?.schema ?? {};
    for (const text of ['1', '2', '0', '01', '-1', '1.5', '2147483647', '2147483648', 'x']) {
      const documented = problems(revision, text).length === 0 && Number(text) <= 2 ** 31 - 1;
      expect(documented, `Application-Revision ${text}`).toBe(!Number.isNaN(parseRevision(text)));
    }
    expect(put.requestBody['x-max-body-bytes']).toBe(MAX_BODY_BYTES);
  });

  it("describes the body's shape as the wizard's shared validator reads it", () => {
    const application = resolved(bodySchema);
    const properties = application.properties as Record<string, Schema>;
    expect([...(application.required as string[])].sort()).toEqual(['fields', 'personalInfo', 'platforms']);
    expect(Object.keys(properties).sort()).toEqual(['fields', 'files', 'personalInfo', 'platforms']);
    const personalInfo = resolved(properties.personalInfo ?? {});
    expect(Object.keys(personalInfo.properties as object).sort()).toEqual([...PERSONAL_INFO_TEXT_FIELDS, 'phone'].sort());
    const platforms = resolved(properties.platforms ?? {}).properties as Record<string, Schema>;
    expect(Object.keys(platforms).sort()).toEqual([...PLATFORM_KEYS].sort());
    for (const key of PLATFORM_KEYS) expect(Object.keys(resolved(platforms[key] ?? {}).properties as object).sort()).toEqual([...platformFields(key)].sort());

    // The sample application passes both; each break of the shape fails both.
    const sample = sampleBody();
    expect(problems(bodySchema, sample)).toEqual([]);
    expect(validate(sample)).toEqual([]);
    type Part = Record<string, unknown>;
    const part = (within: Part, name: string) => within[name] as Part;
    const firstAnswer = (body: Part) => (body.fields as Part[])[0] as Part;
    const broken: Array<[string, (body: Part) => void]> = [
      ['no personalInfo', (body) => delete body.personalInfo],
      ['no platforms', (body) => delete body.platforms],
      ['no fields', (body) => delete body.fields],
      ['another part', (body) => (body.extra = {})],
      ['an unknown personal field', (body) => (part(body, 'personalInfo').nickname = 'Ada')],
      ['a number for a name', (body) => (part(body, 'personalInfo').firstName = 42)],
      ['a phone with a third part', (body) => (part(part(body, 'personalInfo'), 'phone').extension = '12')],
      ['a phone without its subscriber', (body) => delete part(part(body, 'personalInfo'), 'phone').subscriber],
      ['an unknown platform', (body) => (part(body, 'platforms').myspace = { handle: 'ada' })],
      ['a handle for the website', (body) => (part(part(body, 'platforms'), 'website').handle = 'ada')],
      ['a URL for Instagram', (body) => (part(part(body, 'platforms'), 'instagram').url = 'https://ada.example.com')],
      ['fields as an object', (body) => (body.fields = {})],
      ['an answer with a third part', (body) => (firstAnswer(body).note = 'x')],
      ['an answer as a number', (body) => (firstAnswer(body).value = 3)],
      ['text over 5000 characters', (body) => (part(body, 'personalInfo').company = 'x'.repeat(5001))],
      ['files as an object', (body) => (body.files = {})],
      ['a file without its sha256', (body) => (body.files = [{ key: 'photos', uploadId: 'a'.repeat(32) }])],
      ['an upload id that is not 32 hex digits', (body) => (body.files = [{ key: 'photos', uploadId: '../etc', sha256: 'a'.repeat(64) }])],
      ['over 200 answers', (body) => (body.fields = Array.from({ length: 201 }, (_, index) => ({ key: `q${String(index)}`, value: 'x' })))],
    ];
    for (const [what, breakIt] of broken) {
      const body = structuredClone(sample) as Part;
      breakIt(body);
      expect(problems(bodySchema, body).length, `the schema refuses ${what}`).toBeGreaterThan(0);
      expect(validate(body).length, `the validator refuses ${what}`).toBeGreaterThan(0);
    }
  });
});

describe('the running receiver answers as docs/receiver-openapi.json says', () => {
  let receiver: StartedReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver({ corsOrigins: 'https://apply.example.com' });
  }, 60_000);
  afterAll(async () => {
    await stopTestReceiver(receiver);
  });

  const send = (headers: Array<[string, string]>, body: string | Buffer, method = 'PUT') =>
    rawRequest(`${receiver.url}/api/applications`, { method, headers, body });
  const json: Array<[string, string]> = [['Content-Type', 'application/json']];

  it('201 with a receipt, 201 replayed, and 422 for the key with another body', async () => {
    const headers: Array<[string, string]> = [...json, ['Idempotency-Key', unique('key')], ['Application-Id', unique('app')], ['Application-Revision', '1']];
    const created = await send(headers, JSON.stringify(sampleBody()));
    expect(created.status).toBe(201);
    expectDocumented(put, created);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect((created.json as { id: string }).id).toBe(headers[2]?.[1]);
    const replayed = await send(headers, JSON.stringify(sampleBody()));
    expect(replayed.status).toBe(201);
    expectDocumented(put, replayed);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json).toEqual(created.json);
    const reused = await send(headers, JSON.stringify(sampleBody({ variant: 1 })));
    expect(reused.status).toBe(422);
    expectDocumented(put, reused);
  });

  it("GET /api/status answers as documented: 200 with the receipt's link, 400, 404, 405", async () => {
    const lookup = (doc.paths['/api/status'] as unknown as { get: Operation } | undefined)?.get;
    if (!lookup) throw new Error('docs/receiver-openapi.json describes no GET /api/status');
    const created = await send([...json, ['Idempotency-Key', unique('key')]], JSON.stringify(sampleBody()));
    expectDocumented(put, created);
    const secret = (created.json as { statusUrl: string }).statusUrl.split('#')[1] ?? '';
    const get = (headers: Array<[string, string]>, method = 'GET') => rawRequest(`${receiver.url}/api/status`, { method, headers });
    const found = await get([['Authorization', `Bearer ${secret}`]]);
    expect(found.status).toBe(200);
    expectDocumented(lookup, found);
    for (const [headers, status] of [
      [[], 400],
      [[['Authorization', `Bearer ${'b'.repeat(43)}`]], 404],
    ] as Array<[Array<[string, string]>, number]>) {
      const answer = await get(headers);
      expect(answer.status).toBe(status);
      expectDocumented(lookup, answer);
    }
    const deleted = await get([], 'DELETE');
    expect(deleted.status).toBe(405);
    expectDocumented(lookup, deleted);
  });

  it("422 with the documented problem list, the example's problem among them", async () => {
    const answer = await send([...json, ['Idempotency-Key', unique('key')]], JSON.stringify(sampleBody({ email: 'not an address' })));
    expect(answer.status).toBe(422);
    expectDocumented(put, answer);
    const example = put.responses['422']?.content?.['application/json']?.examples?.problems?.value as unknown[];
    expect(answer.json).toEqual(expect.arrayContaining(example));
  });

  it('422 naming the rule for an answer not asked and for text no store keeps, as the examples show', async () => {
    const examples = put.responses['422']?.content?.['application/json']?.examples;
    const hidden = sampleBody();
    hidden.fields.push({ key: 'pets.explanation', value: 'A cat' });
    const notAsked = await send([...json, ['Idempotency-Key', unique('key')]], JSON.stringify(hidden));
    expect(notAsked.status).toBe(422);
    expectDocumented(put, notAsked);
    expect(notAsked.json).toEqual(examples?.notAsked?.value);
    const unstorable = await send(
      [...json, ['Idempotency-Key', unique('key')]],
      JSON.stringify(sampleBody()).replace('"firstName":"Ada"', String.raw`"firstName":"Ada\u0000"`),
    );
    expect(unstorable.status).toBe(422);
    expectDocumented(put, unstorable);
    expect(unstorable.json).toEqual(examples?.unstorableText?.value);
  });

  it('409 with the latest revision for a new body whose revision is not above it, as documented', async () => {
    const id = unique('app');
    const stored = await send(
      [...json, ['Idempotency-Key', unique('key')], ['Application-Id', id], ['Application-Revision', '3']],
      JSON.stringify(sampleBody()),
    );
    expect(stored.status).toBe(201);
    const refused = await send(
      [...json, ['Idempotency-Key', unique('key')], ['Application-Id', id], ['Application-Revision', '3']],
      JSON.stringify(sampleBody({ variant: 1 })),
    );
    expect(refused.status).toBe(409);
    expectDocumented(put, refused);
    expect(refused.json).toEqual({
      ...(put.responses['409']?.content?.['application/json']?.examples?.newerRevisionStored?.value as object),
      receivedAt: (stored.json as { receivedAt: string }).receivedAt,
    });
  });

  it('400, 403, 405, 413 and 415 as documented', async () => {
    const key: [string, string] = ['Idempotency-Key', unique('key')];
    const body = JSON.stringify(sampleBody());
    const cases: Array<[number, Promise<RawAnswer>]> = [
      [400, send(json, body)],
      [400, send([...json, key, ['Application-Revision', '0']], body)],
      [400, send([...json, key], '{"personalInfo":')],
      [403, send([...json, key, ['Origin', 'https://elsewhere.example.com']], body)],
      [405, send([], '', 'GET')],
      [413, send([...json, key], Buffer.alloc(MAX_BODY_BYTES + 1, 0x20))],
      [415, send([['Content-Type', 'text/plain'], key], body)],
    ];
    for (const [status, pending] of cases) {
      const answer = await pending;
      expect(answer.status).toBe(status);
      expectDocumented(put, answer);
    }
  });

  it('the preflight of a configured origin: 204 as documented; 403 for another', async () => {
    const allowed = await send(
      [
        ['Origin', 'https://apply.example.com'],
        ['Access-Control-Request-Method', 'PUT'],
      ],
      '',
      'OPTIONS',
    );
    expect(allowed.status).toBe(204);
    expectDocumented(options, allowed);
    const refused = await send([['Origin', 'https://elsewhere.example.com']], '', 'OPTIONS');
    expect(refused.status).toBe(403);
    expectDocumented(options, refused);
  });
});

describe('409 and 503 as documented', () => {
  async function serve(store: Store, during: (url: string) => Promise<void>, options: Pick<Parameters<typeof createReceiver>[0], 'admit'> = {}) {
    const receiver = createReceiver({ store, path: '/api/applications', validate: () => [], ...options });
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      void receiver(createRequestContext(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await during(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/applications`);
    } finally {
      server.close();
    }
  }
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ['Idempotency-Key', 'the-key'],
  ];

  it('409 while the first request with the key is being stored', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (entered = resolve));
    const store: Store = {
      kind: 'postgres',
      async query() {
        entered();
        await gate;
        return { rows: [{ outcome: 'created', idempotency_key: 'the-key', application_id: 'the-key', fingerprint: '', received_at: new Date() }] };
      },
      transaction: (work) => work(store),
      close: () => Promise.resolve(),
    };
    await serve(store, async (url) => {
      const first = rawRequest(url, { headers, body: '{}' });
      await storing;
      const second = await rawRequest(url, { headers, body: '{}' });
      expect(second.status).toBe(409);
      expectDocumented(put, second);
      release();
      expectDocumented(put, await first);
    });
  });

  /** A store whose every query fails with `message`. */
  const failingStore = (message: string): Store => ({
    kind: 'embedded',
    query: () => Promise.reject(new Error(message)),
    transaction: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
  });

  it.each([
    { status: 429 as const, reason: 'rate limited' },
    { status: 503 as const, reason: 'disk under its floor' },
  ])('$status from admission (rate limits, disk floor), before the body is read', async ({ status, reason }) => {
    // Refused before the store is asked anything.
    await serve(
      failingStore('not used'),
      async (url) => {
        const answer = await rawRequest(url, { headers, body: '{}' });
        expect(answer.status).toBe(status);
        expect(answer.headers['retry-after']).toBe('7');
        expectDocumented(put, answer);
      },
      { admit: () => Promise.resolve({ status, reason, message: 'Retry later.', retryAfterSeconds: 7 }) },
    );
  });

  it('503 when the store fails', async () => {
    await serve(failingStore('the disk is full'), async (url) => {
      const answer = await rawRequest(url, { headers, body: '{}' });
      expect(answer.status).toBe(503);
      expectDocumented(put, answer);
      expect(answer.text).not.toContain('disk');
    });
  });
});
