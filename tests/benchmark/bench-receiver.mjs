// `npm run bench:receiver`: how many applications per second the receiver accepts, and how fast it
// answers, on this machine, for the embedded store and for PostgreSQL. The receiver runs as
// `npm start` runs it (node server/serve.mjs, its own process); concurrent clients PUT distinct
// valid applications, retrying on a failure as the wizard does. Afterwards the store is read: every
// application must be there once (0 lost, 0 duplicated). Writes tests/benchmark/receiver-report.md
// and receiver-report.json. Budget: at least 200 applications/s with p99 <= 100 ms on
// the embedded store, with its syncs on (each commit's WAL fsynced before the 201; the
// settings each store ran with are read back and reported), with webhooks off and on (the lag from
// each 201 to its webhook at a local endpoint is reported). Options: BENCH_RECEIVER_N (default 3000), BENCH_RECEIVER_CLIENTS (default 8).
// Then a flood on each store, with the limits a deployer gets by default (tests/support/flood.mjs):
// one address PUTting as fast as it can, another trickling bytes over 300 connections, and 20
// creators with revisions and retries; budget: every creator stored once with the latest revision,
// their p99 under 500 ms, the flooder answered 429 with Retry-After, the receiver's memory growing
// by less than 128 MB. BENCH_FLOOD_SECONDS (default 30).
// Then memory, on each store: the receiver's whole process tree sampled every 20 ms from its first
// start on a data folder that does not exist yet, through BENCH_MEMORY_N (default 10,000)
// applications, to a restart; budget: at most 256 MB at any moment and 168 MB steady after them
// (a 512 MB server).
// The clients share this machine's 2 cores with the receiver, so they use node:http with a
// keep-alive connection each (0.35-0.45 ms of CPU an application, against 1.0-1.2 ms with fetch,
// which took a quarter of what the receiver itself used); the machine's load is reported too.
/* global performance, setTimeout */
import { Buffer } from 'node:buffer';
import { execFile as execFileCallback, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import process from 'node:process';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { latestApplications } from '../../server/applications/stored-applications.mjs';
import { openStore } from '../../server/store/open-store.mjs';
import { creatorsStored, runFlood } from '../support/flood.mjs';
import { freshPostgresDatabase } from '../support/local-postgres.mjs';
import { sampleBody } from '../support/sample-application.mjs';
import { sampleTreeMemory } from './process-tree-memory.mjs';
import { sleep } from './sleep.mjs';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const N = Number(process.env.BENCH_RECEIVER_N ?? 3000);
const CLIENTS = Number(process.env.BENCH_RECEIVER_CLIENTS ?? 8);
const BUDGET = { perSecond: 200, p99Ms: 100 };
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const FLOOD_CREATORS = 20;
const FLOOD_BUDGET = { creatorsP99Ms: 500, rssGrowthBytes: 128 * 1024 * 1024 };
const MEMORY_N = Number(process.env.BENCH_MEMORY_N ?? 10_000);
/** A 512 MB server: the receiver's whole process tree at most 256 MB at any moment, 168 MB steady. */
const MEMORY_BUDGET = { peakBytes: 256 * 1024 * 1024, steadyBytes: 168 * 1024 * 1024 };
const mb = (/** @type {number} */ bytes) => (bytes / 1024 / 1024).toFixed(0);
/** What makes a commit durable, as each store ran. */
const SYNC_SETTINGS = ['fsync', 'synchronous_commit', 'wal_sync_method'];

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * @param {string} root
 * @param {string} dataDir
 * @param {string | undefined} databaseUrl
 * @param {Record<string, string>} [extraEnv]
 * @param {(pid: number) => void} [onSpawned] told the receiver's pid as soon as it runs (its memory is sampled from then)
 */
async function startReceiver(root, dataDir, databaseUrl, extraEnv = {}, onSpawned = () => {}) {
  /** @type {NodeJS.ProcessEnv} */
  // The throughput runs send every application from one address: no rate limit there (the flood run sets its own).
  const env = { ...process.env, DIST_DIR: root, DATA_DIR: dataDir, PORT: '0', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0', ...extraEnv };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['server/serve.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  onSpawned(child.pid ?? 0);
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      const match = /Creator partnership wizard: (http:\/\/[^/\s]+)\//.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`the receiver exited:\n${output}`)));
  });
  return {
    url: String(url),
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * One PUT on a kept-alive connection; resolves with the status once the answer is read.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {string} body
 * @param {Agent} agent
 * @returns {Promise<number>}
 */
function put(url, headers, body, agent) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * PUTs `count` distinct valid applications from `clients` concurrent kept-alive connections,
 * retrying each until it is answered 201, as the wizard does.
 * @param {string} url the receiver's origin
 * @param {number} count
 * @param {number} clients
 */
async function sendApplications(url, count, clients) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<string, number>} when each application's 201 was read */
  const acknowledged = new Map();
  let failures = 0;
  let next = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const client = async () => {
    for (let index = next++; index < count; index = next++) {
      const body = JSON.stringify(sampleBody({ email: `creator-${String(index)}@example.com`, variant: index }));
      const headers = {
        'Content-Type': 'application/json',
        'Idempotency-Key': `bench-${String(index)}`,
        'Application-Id': `bench-app-${String(index)}`,
        'Application-Revision': '1',
      };
      for (;;) {
        const started = performance.now();
        try {
          const status = await put(`${url}/api/applications`, headers, body, agent);
          const answered = performance.now();
          latencies.push(answered - started);
          if (status === 201) {
            acknowledged.set(headers['Application-Id'], answered);
            break;
          }
        } catch {
          // retried below
        }
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  return { latencies, acknowledged, failures };
}

/**
 * A webhook endpoint on this machine answering 204 at once, noting when each application's
 * webhook arrived (the same clock as the clients' 201s).
 */
async function startWebhookEndpoint() {
  /** @type {Map<string, number>} */
  const arrivals = new Map();
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const { data } = /** @type {{ data: { id: string } }} */ (JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!arrivals.has(data.id)) arrivals.set(data.id, at);
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${String(port)}/hook`, arrivals, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/**
 * @param {string} name
 * @param {string | undefined} databaseUrl
 * @param {{ webhooks?: boolean }} [options] webhooks: every application also POSTed, signed, to an endpoint here
 */
async function measure(name, databaseUrl, { webhooks = false } = {}) {
  const root = await mkdtemp(join(tmpdir(), 'bench-receiver-root-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-receiver-data-'));
  await cp(join(ROOT, 'public', 'config.json'), join(root, 'config.json'));
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  const endpoint = webhooks ? await startWebhookEndpoint() : null;
  const receiver = await startReceiver(
    root,
    dataDir,
    databaseUrl,
    endpoint ? { WEBHOOK_URL: endpoint.url, WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` } : {},
  );
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const started = performance.now();
  const { latencies, acknowledged, failures } = await sendApplications(receiver.url, N, CLIENTS);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg()[0] ?? Number.NaN;
  /** @type {{ delivered: number, p50Ms: number, p99Ms: number } | null} */
  let webhookLag = null;
  if (endpoint) {
    // Every webhook, within a minute of the last 201; lag is from the 201 (the commit) to the endpoint.
    const deadline = performance.now() + 60_000;
    while (endpoint.arrivals.size < N && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const lags = [...acknowledged].flatMap(([id, at]) => {
      const arrived = endpoint.arrivals.get(id);
      return arrived === undefined ? [] : [Math.max(0, arrived - at)];
    });
    lags.sort((a, b) => a - b);
    webhookLag = { delivered: endpoint.arrivals.size, p50Ms: percentile(lags, 50), p99Ms: percentile(lags, 99) };
    await endpoint.close();
  }
  await receiver.stop();
  const store = await openStore({ databaseUrl, dataDir });
  const stored = await latestApplications(store);
  /** @type {Record<string, string>} */
  const syncSettings = {};
  for (const setting of SYNC_SETTINGS) syncSettings[setting] = String((await store.query(`SHOW ${setting}`)).rows[0]?.[setting]);
  await store.close();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  const ids = new Set(stored.map((application) => application.id));
  const lost = [...Array(N).keys()].filter((index) => !ids.has(`bench-app-${String(index)}`)).length;
  const duplicated = stored.filter((application) => application.revisions !== 1).length + (stored.length - ids.size);
  latencies.sort((a, b) => a - b);
  return {
    store: name,
    webhooks,
    applications: N,
    clients: CLIENTS,
    perSecond: N / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
    lost,
    duplicated,
    loadBefore,
    loadAfter,
    syncSettings,
    webhookLag,
  };
}

await execFile(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.server.config.ts', '--logLevel', 'error'], { cwd: ROOT });
const results = [await measure('embedded (PGlite)', undefined), await measure('embedded (PGlite)', undefined, { webhooks: true })];
for (const webhooks of [false, true]) {
  // A fresh database each run, so the second store's figures start from an empty table too.
  const postgres = await freshPostgresDatabase();
  if ('reason' in postgres) {
    process.stderr.write(`PostgreSQL not measured: ${postgres.reason}.\n`);
    break;
  }
  try {
    results.push(await measure('PostgreSQL (local, pg pool of 10)', postgres.url, { webhooks }));
  } finally {
    await postgres.stop();
  }
}

/**
 * The receiver's resident memory, its whole process tree sampled every 20 ms
 * (tests/benchmark/process-tree-memory.mjs): while it first starts on an empty data folder (for
 * the embedded store: while the database is made), while MEMORY_N applications arrive, then
 * steady (the largest sample over 5 s, after 10 s idle), then while it restarts on the full folder.
 * @param {string} name
 * @param {string | undefined} databaseUrl
 */
async function measureMemory(name, databaseUrl) {
  const root = await mkdtemp(join(tmpdir(), 'bench-memory-root-'));
  const parent = await mkdtemp(join(tmpdir(), 'bench-memory-data-'));
  // A folder that does not exist yet, as on a fresh clone.
  const dataDir = join(parent, 'data');
  await cp(join(ROOT, 'public', 'config.json'), join(root, 'config.json'));
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  /** @type {ReturnType<typeof sampleTreeMemory> | null} */
  let sampler = null;
  const startedAt = performance.now();
  const receiver = await startReceiver(root, dataDir, databaseUrl, {}, (pid) => {
    sampler = sampleTreeMemory(pid);
  });
  const firstStartSeconds = (performance.now() - startedAt) / 1000;
  await sleep(2000);
  const firstStart = /** @type {ReturnType<typeof sampleTreeMemory>} */ (/** @type {unknown} */ (sampler)).stop();
  const loadSampler = sampleTreeMemory(receiver.pid);
  const sent = await sendApplications(receiver.url, MEMORY_N, CLIENTS);
  await sleep(10_000);
  const idle = loadSampler.stop();
  const steadySampler = sampleTreeMemory(receiver.pid);
  await sleep(5000);
  const steady = steadySampler.stop();
  await receiver.stop();
  /** @type {ReturnType<typeof sampleTreeMemory> | null} */
  let restartSampler = null;
  const restarted = await startReceiver(root, dataDir, databaseUrl, {}, (pid) => {
    restartSampler = sampleTreeMemory(pid);
  });
  await sleep(2000);
  const restart = /** @type {ReturnType<typeof sampleTreeMemory>} */ (/** @type {unknown} */ (restartSampler)).stop();
  await restarted.stop();
  await rm(root, { recursive: true, force: true });
  await rm(parent, { recursive: true, force: true });
  const peakBytes = Math.max(firstStart.peakBytes, idle.peakBytes, steady.peakBytes, restart.peakBytes);
  const processes = new Set([...firstStart.processes, ...idle.processes, ...restart.processes].map((process) => process.command)).size;
  const met = peakBytes <= MEMORY_BUDGET.peakBytes && steady.peakBytes <= MEMORY_BUDGET.steadyBytes;
  return {
    store: name,
    firstStartSeconds,
    firstStart: { peakBytes: firstStart.peakBytes, hwmSumBytes: firstStart.hwmSumBytes, listeningBytes: firstStart.lastBytes },
    load: { applications: MEMORY_N, failures: sent.failures, peakBytes: idle.peakBytes },
    steadyBytes: steady.peakBytes,
    restart: { peakBytes: restart.peakBytes, hwmSumBytes: restart.hwmSumBytes },
    peakBytes,
    processes,
    met,
  };
}

const memories = [await measureMemory('embedded (PGlite)', undefined)];
{
  const postgres = await freshPostgresDatabase();
  if ('reason' in postgres) process.stderr.write(`PostgreSQL memory not measured: ${postgres.reason}.\n`);
  else {
    try {
      memories.push(await measureMemory('PostgreSQL (local)', postgres.url));
    } finally {
      await postgres.stop();
    }
  }
}

/**
 * The flood on one store, with the default limits (the throughput runs above have none).
 * @param {string} name
 * @param {string | undefined} databaseUrl
 */
async function measureFlood(name, databaseUrl) {
  const root = await mkdtemp(join(tmpdir(), 'bench-flood-root-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-flood-data-'));
  await cp(join(ROOT, 'public', 'config.json'), join(root, 'config.json'));
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  const receiver = await startReceiver(root, dataDir, databaseUrl, { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_PER_HOUR: '600', LOG_FORMAT: 'text' });
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const result = await runFlood({ url: receiver.url, pid: receiver.pid, durationMs: FLOOD_SECONDS * 1000, creators: FLOOD_CREATORS, trickleConnections: 300 });
  const loadAfter = loadavg()[0] ?? Number.NaN;
  await receiver.stop();
  const store = await openStore({ databaseUrl, dataDir });
  const stored = creatorsStored(await latestApplications(store), FLOOD_CREATORS);
  await store.close();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  const met =
    stored.wrong.length === 0 &&
    result.creators.p99Ms < FLOOD_BUDGET.creatorsP99Ms &&
    result.flooder.limited > 0 &&
    result.flooder.limitedWithRetryAfter === result.flooder.limited &&
    result.rss.max - result.rss.before < FLOOD_BUDGET.rssGrowthBytes;
  return { store: name, ...result, stored, loadBefore, loadAfter, met };
}

const floods = [await measureFlood('embedded (PGlite)', undefined)];
{
  const postgres = await freshPostgresDatabase();
  if ('reason' in postgres) process.stderr.write(`PostgreSQL flood not measured: ${postgres.reason}.\n`);
  else {
    try {
      floods.push(await measureFlood('PostgreSQL (local)', postgres.url));
    } finally {
      await postgres.stop();
    }
  }
}

const { stdout: commit } = await execFile('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).catch(() => ({ stdout: 'unknown' }));
const embedded = results.filter((result) => result.store.startsWith('embedded'));
const verdict =
  embedded.length > 0 &&
  embedded.every((result) => result.perSecond >= BUDGET.perSecond && result.p99Ms <= BUDGET.p99Ms) &&
  results.every((result) => result.lost === 0 && result.duplicated === 0 && (result.webhookLag === null || result.webhookLag.delivered === N)) &&
  floods.every((flood) => flood.met) &&
  memories.every((memory) => memory.met);
const lines = [
  '# Receiver benchmark',
  '',
  `Commit ${commit.trim()}, ${String(cpus().length)} CPU cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString()}.`,
  `${String(N)} distinct valid applications PUT by ${String(CLIENTS)} concurrent clients to \`node server/serve.mjs\` on 127.0.0.1, each answered only after its transaction committed; then the store is read back.`,
  // Throughput and latency need the machine to themselves; memory does not.
  ...(results.some((result) => result.loadBefore > cpus().length)
    ? [
        `The machine was busy with other work (a 1-minute load average above its ${String(cpus().length)} cores, in the tables): throughput and latency here are not comparable with a quiet run; the memory rows are.`,
      ]
    : []),
  '',
  '| store | webhooks | applications/s | p50 ms | p99 ms | failed attempts (retried) | lost | duplicated | webhooks delivered | webhook lag p50 / p99 ms | load average (1 min) before → after | syncs (fsync, synchronous_commit, wal_sync_method) |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...results.map(
    (result) =>
      `| ${result.store} | ${result.webhooks ? 'on' : 'off'} | ${result.perSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${String(result.failures)} | ${String(result.lost)} | ${String(result.duplicated)} | ${result.webhookLag ? String(result.webhookLag.delivered) : '–'} | ${result.webhookLag ? `${result.webhookLag.p50Ms.toFixed(1)} / ${result.webhookLag.p99Ms.toFixed(1)}` : '–'} | ${result.loadBefore.toFixed(2)} → ${result.loadAfter.toFixed(2)} | ${SYNC_SETTINGS.map((setting) => result.syncSettings[setting]).join(', ')} |`,
  ),
  '',
  'Syncs are on for both stores, read back from each after its run: a 201 leaves only once the transaction holding the application is on the disk. The embedded store (PGlite) fsyncs its WAL segment before each commit returns (server/store/durable-node-fs.mjs, checked at every start; tests/unit/server/applications/fsync-before-201.node.test.ts sees each fsync under strace), one fsync for a group of applications committed together; PostgreSQL runs with its defaults, which sync.',
  '',
  'With webhooks on, every application is also POSTed, signed, to an endpoint on this machine that answers 204 at once: the outbox row is written in the same transaction as the application, and the deliverer claims its messages in batches beside the receiver and settles each as its attempt ends. Webhook lag is from the 201 read by the client (the commit) to the webhook read by the endpoint; every webhook must arrive.',
  '',
  '## Under a flood',
  '',
  `For ${String(FLOOD_SECONDS)} s, with the default limits (60 PUTs a minute and 600 an hour per client, 64 connections per address, headers within 10 s): one address (${'127.0.3.1'}) PUTs valid applications as fast as 8 kept-alive connections allow; another (127.0.4.1) opens 300 connections that send their headers a byte a second, opening another a second after one is closed; ${String(FLOOD_CREATORS)} creators, each from its own address (127.0.5.x), start at random in the first half and send an application as the wizard does: revision 1, revision 2 twice (a lost answer), revision 3, then a late retry of revision 1, waiting at least Retry-After on a 429 or 503. Then the store is read back.`,
  '',
  "| store | creators stored once with revision 3 | creators' requests | creators' statuses | creators p50 / p99 / max ms | flooder requests (per s) | flooder 201 | flooder 429 (with Retry-After) | trickler connections opened / closed at once / answered 408 | receiver RSS before → max (growth) | load average (1 min) before → after |",
  '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...floods.map(
    (flood) =>
      `| ${flood.store} | ${String(flood.stored.exactlyOnce)} / ${String(flood.creators.count)} | ${String(flood.creators.requests)} | ${Object.entries(
        flood.creators.statuses,
      )
        .map(([status, count]) => `${status}: ${String(count)}`)
        .join(
          ', ',
        )} | ${flood.creators.p50Ms.toFixed(1)} / ${flood.creators.p99Ms.toFixed(1)} / ${flood.creators.maxMs.toFixed(1)} | ${String(flood.flooder.sent)} (${flood.flooder.perSecond.toFixed(0)}/s) | ${String(flood.flooder.accepted)} | ${String(flood.flooder.limited)} (${String(flood.flooder.limitedWithRetryAfter)}) | ${String(flood.trickler.opened)} / ${String(flood.trickler.closedWithoutAnswer)} / ${String(flood.trickler.answered408)} | ${mb(flood.rss.before)} → ${mb(flood.rss.max)} MB (+${mb(flood.rss.max - flood.rss.before)}) | ${flood.loadBefore.toFixed(2)} → ${flood.loadAfter.toFixed(2)} |`,
  ),
  '',
  '## Memory',
  '',
  `The receiver's resident memory (VmRSS) summed over its process tree (\`node server/serve.mjs\` and any process it starts), sampled every 20 ms: while it first starts on a data folder that does not exist yet (the embedded store makes its database then) and for 2 s after it listens; while ${String(MEMORY_N)} distinct applications arrive from ${String(CLIENTS)} clients and for 10 s after; steady, the largest sample over the 5 s after that; and while it restarts on the full folder. The sum of each process's own high-water mark (VmHWM), which no sampling interval can miss, is given beside each peak.`,
  '',
  '| store | first start: peak (sum of VmHWM) | listening | seconds to listen | while applications arrive: peak | steady after them | restart: peak (sum of VmHWM) | peak at any moment | processes |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...memories.map(
    (memory) =>
      `| ${memory.store} | ${mb(memory.firstStart.peakBytes)} MB (${mb(memory.firstStart.hwmSumBytes)}) | ${mb(memory.firstStart.listeningBytes)} MB | ${memory.firstStartSeconds.toFixed(1)} | ${mb(memory.load.peakBytes)} MB | ${mb(memory.steadyBytes)} MB | ${mb(memory.restart.peakBytes)} MB (${mb(memory.restart.hwmSumBytes)}) | ${mb(memory.peakBytes)} MB | ${String(memory.processes)} |`,
  ),
  '',
  `Budget, for each store (a 512 MB server): the process tree at most ${mb(MEMORY_BUDGET.peakBytes)} MB at any moment, its first start included, and at most ${mb(MEMORY_BUDGET.steadyBytes)} MB steady after ${String(MEMORY_N)} applications: **${memories.every((memory) => memory.met) ? 'met' : 'NOT met'}**. The embedded store makes a new database by unpacking a pre-built one (server/store/pglite-template.mjs; PGlite's own initdb held 830-900 MB), runs Postgres with small memory settings (server/store/pglite-memory.mjs) and reads PGlite's bundled files from the disk (server/store/pglite-bundle.mjs); on either store, the receiver collects its garbage once idle a few seconds after work (server/process/idle-collection.mjs), which the steady row shows; docs/receiver.md, "Memory".`,
  '',
  "The trickler's connections over the cap of 64 per address are closed before a byte is read; the 64 it holds are answered 408 and closed once their headers have taken 10 s. The embedded receiver's resident memory is mostly PGlite's: its compiled code and the part of its WebAssembly memory Postgres has used.",
  '',
  `Budget (embedded store, webhooks off and on): at least ${String(BUDGET.perSecond)} applications/s, p99 at most ${String(BUDGET.p99Ms)} ms, 0 lost, 0 duplicated; under the flood, on each store: every creator stored once with the latest revision, creators' p99 under ${String(FLOOD_BUDGET.creatorsP99Ms)} ms, every flooder refusal a 429 with Retry-After, memory growth under ${mb(FLOOD_BUDGET.rssGrowthBytes)} MB; memory, on each store: peak at most ${mb(MEMORY_BUDGET.peakBytes)} MB, steady at most ${mb(MEMORY_BUDGET.steadyBytes)} MB: **${verdict ? 'met' : 'NOT met'}**.`,
  '',
];
await writeFile(join(ROOT, 'tests', 'benchmark', 'receiver-report.md'), lines.join('\n'));
await writeFile(
  join(ROOT, 'tests', 'benchmark', 'receiver-report.json'),
  `${JSON.stringify({ commit: commit.trim(), budget: BUDGET, results, floodBudget: FLOOD_BUDGET, floods, memoryBudget: MEMORY_BUDGET, memories }, null, 2)}\n`,
);
process.stdout.write(lines.join('\n'));
if (!verdict) process.exitCode = 1;
