// @vitest-environment node
/**
 * Every application, new or revised (and draft in transit), answered 201 by the embedded store is on stable
 * storage before the answer leaves: the receiver runs as `npm start` runs it (node
 * server/serve.mjs) under strace, and for each application the system calls between the read of
 * its request and the write of its 201 must hold a write to a WAL segment (pg_wal/…) followed by an fsync or fdatasync of that same file.
 * strace's -yy names each descriptor's file or TCP connection, which ties the request, the WAL
 * write, its sync and the answer together. Without strace, or where it may not trace (ptrace
 * refused), the test fails with a one-line reason: it never skips.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { rawRequest } from '../../../support/http-request';
import { servedRoot } from '../../../support/receiver-fixture';
import { spawnReceiver, type ReceiverProcess } from '../../../support/receiver-process';
import { sampleBody } from '../../../support/sample-application.mjs';

const execFile = promisify(execFileCallback);
const STRACE = process.env.STRACE_PATH ?? '/usr/bin/strace';
const WRITES = new Set(['write', 'writev', 'pwrite64', 'pwritev', 'pwritev2']);
const SYNCS = new Set(['fsync', 'fdatasync']);
const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;

/** Why strace cannot be used here, in one line, or null when it can. */
async function straceUnusable(): Promise<string | null> {
  try {
    await execFile(STRACE, ['-f', '-o', '/dev/null', '/bin/true']);
    return null;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') return `strace is not installed at ${STRACE} (apt-get install strace; .ci/run installs it)`;
    const line = (failure.stderr ?? failure.message).trim().split('\n')[0];
    return `strace cannot trace processes here (ptrace refused?): ${line ?? 'no message'}`;
  }
}

interface Call {
  pid: string;
  name: string;
  path: string;
  text: string;
  /** Line of the call's start, and of its end (a call another thread interrupted ends on a "resumed" line). */
  start: number;
  end: number;
}

/** strace -f -yy output, one call per system call, in the order they started. */
function parseStrace(log: string): Call[] {
  const calls: Call[] = [];
  const pending = new Map<string, Call>();
  log.split('\n').forEach((line, index) => {
    const match = /^(\d+) +\S+ (.*)$/.exec(line);
    if (!match) return;
    const [, pid = '', rest = ''] = match;
    const resumed = /^<\.\.\. (\w+) resumed>/.exec(rest);
    if (resumed) {
      const call = pending.get(pid);
      if (call) {
        call.end = index;
        call.text += rest;
        pending.delete(pid);
      }
      return;
    }
    const started = /^(\w+)\((?:\d+<([^>]*)>)?/.exec(rest);
    if (!started) return;
    const call: Call = { pid, name: started[1] ?? '', path: started[2] ?? '', text: rest, start: index, end: index };
    calls.push(call);
    if (rest.endsWith('<unfinished ...>')) pending.set(pid, call);
  });
  return calls;
}

/** What must hold for one application (or draft in transit: its request line), or why it does not. */
function syncBeforeAnswer(
  calls: Call[],
  key: string,
  marker = `Idempotency-Key: ${key}\\r\\n`,
): { ok: true; walSyncs: number } | { ok: false; reason: string } {
  const arrival = calls.find((call) => call.name === 'read' && call.path.startsWith('TCP:') && call.text.includes(marker));
  if (!arrival) return { ok: false, reason: `the read of request ${key} is not in the trace` };
  const answer = calls.find((call) => call.start > arrival.end && WRITES.has(call.name) && call.path === arrival.path && call.text.includes('HTTP/1.1 201'));
  if (!answer) return { ok: false, reason: `no 201 written to ${arrival.path} after request ${key}` };
  const between = calls.filter((call) => call.start > arrival.end && call.end < answer.start);
  const walWrites = between.filter((call) => WRITES.has(call.name) && WAL_SEGMENT.test(call.path));
  const lastWrite = walWrites.at(-1);
  if (!lastWrite) return { ok: false, reason: `no write to a WAL segment between request ${key} and its 201` };
  const syncs = between.filter((call) => SYNCS.has(call.name) && call.path === lastWrite.path && call.start > lastWrite.end && / = 0$/.test(call.text));
  if (syncs.length === 0)
    return {
      ok: false,
      reason: `request ${key}: its WAL write to ${lastWrite.path} was not followed by an fsync or fdatasync of that file before the 201 (${String(between.filter((call) => SYNCS.has(call.name)).length)} syncs of any file in between)`,
    };
  return { ok: true, walSyncs: between.filter((call) => SYNCS.has(call.name) && WAL_SEGMENT.test(call.path)).length };
}

/** node server/serve.mjs under strace, on an embedded store in dataDir. */
function spawnTracedReceiver(root: string, dataDir: string, traceFile: string): Promise<ReceiverProcess> {
  const args = ['-f', '--seccomp-bpf', '-tt', '-yy', '-s', '512', '-e', `trace=read,accept4,${[...WRITES, ...SYNCS].join(',')}`, '-o', traceFile];
  return spawnReceiver({ root, dataDir, wrapper: { command: STRACE, args } });
}

/** Revision `revision` of application `applicationId`, sent with Idempotency-Key `key`. */
function put(url: string, key: string, applicationId: string, revision: number, index: number) {
  return rawRequest(`${url}/api/applications`, {
    // The key first, so it is in the part of the request strace prints.
    headers: [
      ['Idempotency-Key', key],
      ['Content-Type', 'application/json'],
      ['Application-Id', applicationId],
      ['Application-Revision', String(revision)],
    ],
    body: JSON.stringify(sampleBody({ email: `${applicationId}@example.com`, variant: index })),
  });
}

describe('the embedded store under strace', () => {
  it('syncs the WAL segment it wrote before each 201, new applications and revisions, alone and in groups', async () => {
    const unusable = await straceUnusable();
    if (unusable) throw new Error(unusable);
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'receiver-fsync-'));
    const traceDir = await mkdtemp(join(tmpdir(), 'receiver-strace-'));
    const traceFile = join(traceDir, 'trace.log');
    try {
      const receiver = await spawnTracedReceiver(root, dataDir, traceFile);
      const keys: string[] = [];
      const drafts: string[] = [];
      try {
        // One at a time (each its own transaction), then a revision of one of them: the same
        // application, a higher revision, new answers.
        for (let index = 0; index < 4; index += 1) {
          const key = `fsync-alone-${String(index)}`;
          keys.push(key);
          expect((await put(receiver.url, key, `app-${String(index)}`, 1, index)).status).toBe(201);
        }
        keys.push('fsync-revised-alone');
        expect((await put(receiver.url, 'fsync-revised-alone', 'app-0', 2, 100)).status).toBe(201);
        // A burst stored in groups: eight new applications and revisions of two others.
        const burst = [
          ...Array.from({ length: 8 }, (_, index) => ({ key: `fsync-burst-${String(index)}`, applicationId: `app-burst-${String(index)}`, revision: 1 })),
          { key: 'fsync-revised-burst-1', applicationId: 'app-1', revision: 2 },
          { key: 'fsync-revised-burst-2', applicationId: 'app-2', revision: 2 },
        ];
        keys.push(...burst.map(({ key }) => key));
        const answers = await Promise.all(burst.map(({ key, applicationId, revision }, index) => put(receiver.url, key, applicationId, revision, 10 + index)));
        expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 201));
        // Drafts in transit: the same durability, one statement each.
        for (let index = 0; index < 3; index += 1) {
          const id = `fsyncdraft${String(index)}${'x'.repeat(20)}`;
          drafts.push(id);
          const stored = await rawRequest(`${receiver.url}/api/drafts/${id}`, {
            headers: [['Content-Type', 'application/octet-stream']],
            body: Buffer.alloc(2000, index),
          });
          expect(stored.status).toBe(201);
        }
      } finally {
        await receiver.stop();
      }
      // The revisions were stored as revisions, not as applications of their own.
      const store = await openStore({ dataDir });
      try {
        const revisions = new Map((await latestApplications(store)).map((application) => [application.id, application.revisions]));
        expect(['app-0', 'app-1', 'app-2', 'app-3'].map((id) => revisions.get(id))).toEqual([2, 2, 2, 1]);
      } finally {
        await store.close();
      }
      const calls = parseStrace(await readFile(traceFile, 'utf8'));
      const verdicts = [
        ...keys.map((key) => ({ key, ...syncBeforeAnswer(calls, key) })),
        ...drafts.map((id) => ({ key: id, ...syncBeforeAnswer(calls, id, `PUT /api/drafts/${id} `) })),
      ];
      const failed = verdicts.filter((verdict) => !verdict.ok).map((verdict) => ('reason' in verdict ? verdict.reason : ''));
      expect(failed, 'applications or drafts answered 201 before their WAL write was synced').toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
      await rm(traceDir, { recursive: true, force: true });
    }
  }, 180_000);
});
