// @vitest-environment node
/**
 * Every chunk of an upload is on stable storage before its 204, and a creation's files before its
 * 201: the receiver runs in a child process under strace, and between the read of each PATCH and
 * the write of its 204 on that connection there must be a write to the upload's file followed by
 * an fsync of that file; between a POST and its 201, an fsync of the new .json and of the folder.
 * strace's -yy names each descriptor's file or TCP connection, which ties them together. Without
 * strace, or where it may not trace, the test fails with a one-line reason: it never skips.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { servedRoot } from '../../../support/receiver-fixture';
import { spawnReceiver } from '../../../support/receiver-process';
import { FILE_FIELDS, createUpload, patchUpload, sha256 } from '../../../support/uploads-receiver';

const execFile = promisify(execFileCallback);
const STRACE = process.env.STRACE_PATH ?? '/usr/bin/strace';
const WRITES = new Set(['write', 'writev', 'pwrite64', 'pwritev', 'pwritev2']);
const SYNCS = new Set(['fsync', 'fdatasync']);

async function straceUnusable(): Promise<string | null> {
  try {
    await execFile(STRACE, ['-f', '-o', '/dev/null', '/bin/true']);
    return null;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') return `strace is not installed at ${STRACE} (apt-get install strace; .ci/run installs it)`;
    return `strace cannot trace processes here (ptrace refused?): ${(failure.stderr ?? failure.message).trim().split('\n')[0] ?? ''}`;
  }
}

interface Call {
  pid: string;
  name: string;
  path: string;
  text: string;
  start: number;
  end: number;
}

/** strace -f -yy output, one entry per system call, in the order they started. */
function parseStrace(log: string): Call[] {
  const calls: Call[] = [];
  const pending = new Map<string, Call>();
  log.split('\n').forEach((line, index) => {
    const match = /^(\d+) +\S+ (.*)$/.exec(line);
    if (!match) return;
    const [, pid = '', rest = ''] = match;
    if (/^<\.\.\. \w+ resumed>/.test(rest)) {
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

/** The calls between a request (found by its first line) and the answer with `status` on its connection. */
function between(calls: Call[], requestLine: string, status: string): Call[] | string {
  const arrival = calls.find((call) => call.name === 'read' && call.path.startsWith('TCP:') && call.text.includes(requestLine));
  if (!arrival) return `the read of "${requestLine}" is not in the trace`;
  const answer = calls.find(
    (call) => call.start > arrival.end && WRITES.has(call.name) && call.path === arrival.path && call.text.includes(`HTTP/1.1 ${status}`),
  );
  if (!answer) return `no ${status} written after "${requestLine}"`;
  return calls.filter((call) => call.start > arrival.start && call.end < answer.start);
}

describe('uploads under strace', () => {
  it("syncs each chunk's file before its 204, and a new upload's file, .json and folder before its 201", async () => {
    const unusable = await straceUnusable();
    if (unusable) throw new Error(unusable);
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'uploads-fsync-'));
    const traceFile = join(dataDir, '..', `${dataDir.split('/').at(-1) ?? ''}.trace`);
    try {
      const receiver = await spawnReceiver({
        root,
        dataDir,
        script: 'tests/support/uploads-receiver-child.mjs',
        extraEnv: { TEST_FILE_FIELDS: JSON.stringify(FILE_FIELDS) },
        wrapper: {
          command: STRACE,
          args: ['-f', '--seccomp-bpf', '-tt', '-yy', '-s', '256', '-e', `trace=read,${[...WRITES, ...SYNCS].join(',')}`, '-o', traceFile],
        },
      });
      const content = randomBytes(3 * 256 * 1024);
      let id = '';
      try {
        const created = await createUpload(`${receiver.url}/api/uploads`, content);
        expect(created.status).toBe(201);
        id = String(created.headers.location).split('/').at(-1) ?? '';
        for (let chunk = 0; chunk < 3; chunk += 1) {
          const offset = chunk * 256 * 1024;
          expect(
            (await patchUpload(`${receiver.url}/api/uploads/${id}`, offset, content.subarray(offset, offset + 256 * 1024), [['X-Chunk', String(chunk)]]))
              .status,
          ).toBe(204);
        }
      } finally {
        await receiver.stop();
      }
      const file = join(dataDir, 'uploads', id);
      expect(sha256(await readFile(file))).toBe(sha256(content));
      const calls = parseStrace(await readFile(traceFile, 'utf8'));
      const creation = between(calls, 'POST /api/uploads HTTP/1.1', '201');
      if (typeof creation === 'string') throw new Error(creation);
      const synced = new Set(creation.filter((call) => SYNCS.has(call.name) && / = 0$/.test(call.text)).map((call) => call.path));
      expect([...synced].filter((path) => path.endsWith(id) || path.endsWith(`${id}.json`) || path === join(dataDir, 'uploads')).sort()).toEqual(
        [join(dataDir, 'uploads'), file, `${file}.json`].sort(),
      );
      // Every PATCH is on one kept-alive connection: each one's calls end at its own 204.
      let from = 0;
      for (let chunk = 0; chunk < 3; chunk += 1) {
        const rest = calls.filter((call) => call.start >= from);
        const patch = between(rest, `PATCH /api/uploads/${id} HTTP/1.1`, '204');
        if (typeof patch === 'string') throw new Error(`chunk ${String(chunk)}: ${patch}`);
        const lastWrite = patch.filter((call) => WRITES.has(call.name) && call.path === file).at(-1);
        expect(lastWrite, `chunk ${String(chunk)} written to its file before its 204`).toBeDefined();
        const sync = patch.find((call) => SYNCS.has(call.name) && call.path === file && call.start > (lastWrite?.end ?? Infinity) && / = 0$/.test(call.text));
        expect(sync, `chunk ${String(chunk)}: its write followed by an fsync of the file before the 204`).toBeDefined();
        from = (patch.at(-1)?.end ?? from) + 1;
      }
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
      await rm(traceFile, { force: true });
    }
  }, 180_000);
});
