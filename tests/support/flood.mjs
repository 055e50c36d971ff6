// A flood against a running receiver, for the benchmark (tests/benchmark/bench-receiver.mjs) and its
// shorter test (tests/unit/server/applications/flood.node.test.ts). Three kinds of client, each from its own
// source address (Linux lets a client bind any 127.x.y.z, so the receiver sees distinct clients):
// - a flooder PUTting valid applications as fast as it can over a few kept-alive connections;
// - a trickler holding hundreds of connections, each sending its headers a byte at a time, and
//   opening a new one whenever one is closed;
// - creators, each sending an application as the wizard does: revision 1, an edit (revision 2)
//   sent again as if its answer were lost, revision 3, then a late retry of revision 1; any 429 or
//   503 waited out for at least its Retry-After, any other failure retried after 2, 4, 8 … s.
// It reports what each saw, and the receiver's resident memory sampled from /proc meanwhile.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { sampleBody } from './sample-application.mjs';

export const FLOODER_ADDRESS = '127.0.3.1';
export const TRICKLER_ADDRESS = '127.0.4.1';
/** @param {number} index */
export const creatorAddress = (index) => `127.0.5.${String(index + 1)}`;
/**
 * A creator's application id; `run` names the run, so that a calm run before a flood (the
 * creators' own latency, flood.node.test.ts) stores applications of its own.
 * @param {number} index
 * @param {string} [run]
 */
export const creatorApplicationId = (index, run = 'flood') => `${run}-creator-${String(index)}`;
/** The revision each creator's application must end with. */
export const CREATOR_LATEST_REVISION = 3;

/** @param {number[]} sorted @param {number} p */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One PUT; resolves with the status and Retry-After, or status 0 on a network error.
 * @param {string} url
 * @param {{ key: string, applicationId: string, revision: number, body: string, agent: Agent, localAddress: string }} put
 * @returns {Promise<{ status: number, retryAfter: string | undefined }>}
 */
function sendPut(url, { key, applicationId, revision, body, agent, localAddress }) {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'PUT',
        agent,
        localAddress,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
          'Application-Id': applicationId,
          'Application-Revision': String(revision),
          'Content-Length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: /** @type {string | undefined} */ (res.headers['retry-after']) }));
        res.on('error', () => resolve({ status: 0, retryAfter: undefined }));
      },
    );
    req.on('error', () => resolve({ status: 0, retryAfter: undefined }));
    req.end(body);
  });
}

/** @param {number} pid */
async function residentBytes(pid) {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : Number.NaN;
}

/**
 * @param {{
 *   url: string, path?: string, pid: number,
 *   durationMs: number, creators?: number, trickleConnections?: number, flooderConnections?: number, run?: string,
 * }} options url: the receiver's origin; pid: its process, for its memory; no flooder and no
 *   trickler connections: the creators alone, as a calm run to compare with
 */
export async function runFlood({
  url,
  path = '/api/applications',
  pid,
  durationMs,
  creators = 20,
  trickleConnections = 300,
  flooderConnections = 8,
  run = 'flood',
}) {
  const target = `${url}${path}`;
  const { port, hostname } = new URL(url);
  let stopping = false;
  const rss = { before: await residentBytes(pid), max: 0, after: Number.NaN };
  const sampler = setInterval(() => {
    void residentBytes(pid).then((bytes) => {
      rss.max = Math.max(rss.max, bytes);
    });
  }, 200);

  // The flooder: as fast as its connections allow.
  const flooder = { sent: 0, accepted: 0, limited: 0, limitedWithRetryAfter: 0, other: 0 };
  const flooderAgent = new Agent({ keepAlive: true, maxSockets: flooderConnections });
  const flood = async (/** @type {number} */ lane) => {
    for (let index = 0; !stopping; index += 1) {
      const key = `flood-${String(lane)}-${String(index)}`;
      const answer = await sendPut(target, {
        key,
        applicationId: key,
        revision: 1,
        body: JSON.stringify(sampleBody({ email: `${key}@example.com` })),
        agent: flooderAgent,
        localAddress: FLOODER_ADDRESS,
      });
      flooder.sent += 1;
      if (answer.status === 201) flooder.accepted += 1;
      else if (answer.status === 429) {
        flooder.limited += 1;
        if (answer.retryAfter && /^\d+$/.test(answer.retryAfter)) flooder.limitedWithRetryAfter += 1;
      } else flooder.other += 1;
    }
  };

  // The trickler: many connections, a byte of headers every second each, reopened when closed.
  const trickler = { opened: 0, closedWithoutAnswer: 0, answered408: 0 };
  /** @type {Set<import('node:net').Socket>} */
  const trickling = new Set();
  const trickle = async () => {
    const line = 'PUT /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
    while (!stopping) {
      await new Promise((resolve) => {
        const socket = connect({ host: hostname, port: Number(port), localAddress: TRICKLER_ADDRESS });
        trickling.add(socket);
        trickler.opened += 1;
        let text = '';
        let at = 0;
        const timer = setInterval(() => {
          if (socket.writable) socket.write(line[at++ % line.length] ?? ' ');
        }, 1000);
        socket.on('data', (/** @type {Buffer} */ chunk) => (text += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.once('close', () => {
          clearInterval(timer);
          trickling.delete(socket);
          if (text.startsWith('HTTP/1.1 408')) trickler.answered408 += 1;
          else trickler.closedWithoutAnswer += 1;
          resolve(undefined);
        });
      });
      // Another connection a second later: slow clients, not a connection flood.
      await sleep(1000);
    }
  };

  // The creators.
  /** @type {number[]} */
  const creatorLatencies = [];
  const creatorStatuses = /** @type {Record<string, number>} */ ({});
  const creator = async (/** @type {number} */ index) => {
    await sleep(Math.random() * durationMs * 0.5);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const applicationId = creatorApplicationId(index, run);
    const localAddress = creatorAddress(index);
    const revision = (/** @type {number} */ number) => ({
      key: `${applicationId}-key-${String(number)}`,
      applicationId,
      revision: number,
      body: JSON.stringify(sampleBody({ email: `creator-${String(index)}@example.com`, variant: number })),
      agent,
      localAddress,
    });
    const sendUntilAccepted = async (/** @type {ReturnType<typeof revision>} */ put) => {
      for (let failures = 0; ;) {
        const started = performance.now();
        const answer = await sendPut(target, put);
        creatorLatencies.push(performance.now() - started);
        creatorStatuses[String(answer.status)] = (creatorStatuses[String(answer.status)] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) return;
        failures += 1;
        const retryAfter = answer.retryAfter && /^\d+$/.test(answer.retryAfter) ? Number(answer.retryAfter) : 0;
        await sleep(Math.max(retryAfter, 2 ** failures) * 1000);
      }
    };
    await sendUntilAccepted(revision(1));
    await sleep(300 + Math.random() * 500);
    await sendUntilAccepted(revision(2));
    // The answer was lost: the same request again.
    await sendUntilAccepted(revision(2));
    await sleep(300 + Math.random() * 500);
    await sendUntilAccepted(revision(CREATOR_LATEST_REVISION));
    // A slow retry of the first body arrives last.
    await sendUntilAccepted(revision(1));
    agent.destroy();
  };

  const started = performance.now();
  const loads = [...Array.from({ length: flooderConnections }, (_, lane) => flood(lane)), ...Array.from({ length: trickleConnections }, () => trickle())];
  await Promise.all(Array.from({ length: creators }, (_, index) => creator(index)));
  const remaining = durationMs - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
  const seconds = (performance.now() - started) / 1000;
  stopping = true;
  for (const socket of trickling) socket.destroy();
  await Promise.all(loads);
  flooderAgent.destroy();
  clearInterval(sampler);
  rss.after = await residentBytes(pid);
  creatorLatencies.sort((a, b) => a - b);
  return {
    seconds,
    flooder: { ...flooder, perSecond: flooder.sent / seconds },
    trickler,
    creators: {
      count: creators,
      requests: creatorLatencies.length,
      statuses: creatorStatuses,
      p50Ms: percentile(creatorLatencies, 50),
      p99Ms: percentile(creatorLatencies, 99),
      maxMs: creatorLatencies.at(-1) ?? Number.NaN,
    },
    rss,
  };
}

/**
 * What the store must hold after a flood: each creator's application once, with its latest revision.
 * @param {Array<{ id: string, revisions: number, body: unknown }>} stored latestApplications' rows
 * @param {number} creators
 * @param {string} [run] the run whose creators these are (runFlood's `run`)
 */
export function creatorsStored(stored, creators, run = 'flood') {
  const byId = new Map(stored.map((application) => [application.id, application]));
  let exactlyOnce = 0;
  /** @type {string[]} */
  const wrong = [];
  for (let index = 0; index < creators; index += 1) {
    const application = byId.get(creatorApplicationId(index, run));
    const expected = sampleBody({ email: `creator-${String(index)}@example.com`, variant: CREATOR_LATEST_REVISION });
    if (application && application.revisions === CREATOR_LATEST_REVISION && isDeepStrictEqual(application.body, expected)) exactlyOnce += 1;
    else wrong.push(application ? `${application.id}: ${String(application.revisions)} revisions` : `${creatorApplicationId(index, run)} missing`);
  }
  return { exactlyOnce, wrong };
}
