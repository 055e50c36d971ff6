// The inbox room (server/inbox/) served over HTTP for its tests: createAppServer with the inbox as
// its api, on a store the test opened, behind the TEST GUARD (test-team-guard.ts), with the
// programme source the inbox asks for the one in force now, and a few helpers to store
// applications as the receiver does (receiveApplication, with their programme's digest).
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createAppServer } from '../../server/app-server.mjs';
import { receiveApplication, type BoundFile } from '../../server/applications/applications-table.mjs';
import { createInboxFeature } from '../../server/inbox/inbox-feature.mjs';
import type { Store } from '../../server/store/store-types.mjs';
import { programmeAnswers } from '../../src/config/programme-answers';
import { addTestMembers, createTestTeamGuard } from './test-team-guard';
import { sampleBody } from './sample-application.mjs';

export const MEMBERS = {
  'ada.viewer@team.example': 'viewer',
  'rita.reviewer@team.example': 'reviewer',
  'rob.reviewer@team.example': 'reviewer',
  'alan.admin@team.example': 'admin',
} as const;
export type Member = keyof typeof MEMBERS;

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${String(process.pid)}-${String(Date.now())}-${String((counter += 1))}`;

/** Records a programme (config.json's text) as the programme room does, and returns its digest. */
export async function recordProgramme(
  store: Store,
  config: unknown,
  firstAppliedAt: Date,
  retiredAt: Date | null = null,
): Promise<{ digest: string; text: string }> {
  const text = JSON.stringify(config);
  const digest = createHash('sha256').update(text).digest('hex');
  await store.query('INSERT INTO programmes (digest, config, first_applied_at, retired_at) VALUES ($1, $2, $3, $4) ON CONFLICT (digest) DO NOTHING', [
    digest,
    text,
    firstAppliedAt.toISOString(),
    retiredAt?.toISOString() ?? null,
  ]);
  return { digest, text };
}

export async function startInbox(store: Store, { current, mail = false }: { current: () => { digest: string; text: string }; mail?: boolean }) {
  await addTestMembers(store, MEMBERS);
  const root = await mkdtemp(join(tmpdir(), 'inbox-root-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>t</title>');
  const uploadsFolder = await mkdtemp(join(tmpdir(), 'inbox-uploads-'));
  const guard = createTestTeamGuard(store);
  const inbox = createInboxFeature({
    store,
    authorize: guard.authorize,
    audit: guard.audit,
    programmes: { current: () => Promise.resolve(current()) },
    uploadsFolder,
    mail,
    webhooks: null,
    readAnswers: programmeAnswers,
  });
  /** The path each request's log line shows, as the receiver's log would write it. */
  const loggedPaths: string[] = [];
  const server = createAppServer({ root, api: (ctx) => inbox.answer(ctx), logRequest: (entry) => loggedPaths.push(entry.path) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  /** A request as `member` (or signed out), with the site's Origin on changes unless told otherwise. */
  async function as(member: Member | null, path: string, init: { method?: string; body?: unknown; origin?: string | null } = {}) {
    const headers: Record<string, string> = {};
    if (member) headers.cookie = `team_session=${encodeURIComponent(`${MEMBERS[member]}:${member}`)}`;
    const method = init.method ?? 'GET';
    const sendOrigin = init.origin === undefined ? (method === 'GET' ? null : origin) : init.origin;
    if (sendOrigin) headers.origin = sendOrigin;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${origin}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  }
  return {
    origin,
    uploadsFolder,
    as,
    loggedPaths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Stores an application's revision as the receiver does; the body is the sample's with these changes. */
export async function storeApplication(
  store: Store,
  options: {
    applicationId?: string;
    revision?: number;
    receivedAt?: Date;
    language?: string;
    digest?: string | null;
    firstName?: string;
    lastName?: string;
    email?: string;
    handle?: string;
    fields?: Array<{ key: string; value: string }>;
    files?: BoundFile[];
    body?: Record<string, unknown>;
  } = {},
) {
  const applicationId = options.applicationId ?? unique('app');
  const sample = sampleBody({ email: options.email ?? `${applicationId}@example.com`, firstName: options.firstName ?? 'Ada' }) as Record<string, unknown> & {
    personalInfo: Record<string, unknown>;
    platforms: Record<string, Record<string, string>>;
  };
  if (options.lastName !== undefined) sample.personalInfo.lastName = options.lastName;
  if (options.handle !== undefined && sample.platforms.instagram) sample.platforms.instagram.handle = options.handle;
  if (options.fields) sample.fields = options.fields;
  if (options.files) sample.files = options.files.map((file) => ({ key: file.field, uploadId: file.uploadId, sha256: file.sha256 }));
  const body = { ...sample, ...options.body };
  const result = await receiveApplication(store, {
    key: unique('key'),
    applicationId,
    clientRevision: options.revision ?? 1,
    fingerprint: unique('fp'),
    body,
    email: String(body.personalInfo.emailAddress).toLowerCase(),
    language: options.language ?? 'en',
    receivedAt: options.receivedAt ?? new Date(),
    files: options.files ?? [],
    programmeDigest: options.digest ?? null,
  });
  if (result.outcome !== 'created') throw new Error(`not stored: ${result.outcome}`);
  return applicationId;
}
