// `npm run bench:inbox`: the team's inbox at 100,000 applications on the embedded store (PGlite),
// against the budget: p95 at most 200 ms for the first page and for a search. Fills a new
// data folder by SQL (applications, their revisions, statuses, status links and the inbox's
// summaries, as the receiver writes them), then times what GET /team/api/applications runs (the
// counts and the page: server/inbox/) for the first page, a filtered page, a deep page by cursor
// and a search, RUNS times each after a warm-up. Prints a Markdown table; exits 1 over budget.
// BENCH_INBOX_APPLICATIONS and BENCH_INBOX_RUNS change the size and the runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import { inboxFilters } from '../../server/inbox/inbox-filters.mjs';
import { inboxList } from '../../server/inbox/inbox-list.mjs';
import { openStore } from '../../server/store/open-store.mjs';

const APPLICATIONS = Number(process.env.BENCH_INBOX_APPLICATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 40);
const BUDGET_MS = 200;

/**
 * Fills the store by SQL, in batches: names, handles and languages vary with the row's number, so
 * a search finds a few, and statuses are spread as a programme's are (most received).
 * @param {import('../../server/store/store-types.mjs').Store} store
 */
async function fill(store) {
  const batch = 10_000;
  for (let start = 1; start <= APPLICATIONS; start += batch) {
    const end = Math.min(APPLICATIONS, start + batch - 1);
    await store.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO applications (id, created_at, updated_at)
         SELECT 'app-' || lpad(n::text, 7, '0'), timestamptz '2025-01-01' + n * interval '5 minutes', timestamptz '2025-01-01' + n * interval '5 minutes' + interval '1 hour'
         FROM generate_series($1::int, $2::int) AS n`,
        [start, end],
      );
      await tx.query(
        `INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, email, language, body, received_at)
         SELECT 'app-' || lpad(n::text, 7, '0'), 'key-' || n, 'fp-' || n, 1, 'creator' || n || '@example.com', (ARRAY['en', 'fr', 'es'])[1 + n % 3],
                jsonb_build_object(
                  'personalInfo', jsonb_build_object('firstName', (ARRAY['Ada', 'Grace', 'Émile', 'Zoë', 'Hedy', 'Alan'])[1 + n % 6], 'lastName', 'Surname' || (n % 997),
                    'emailAddress', 'creator' || n || '@example.com', 'addressFirstLine', n || ' Long Street', 'city', 'Portland', 'zip', '97201', 'company', 'Studio ' || n),
                  'platforms', jsonb_build_object('instagram', jsonb_build_object('handle', 'handle.' || n, 'followers', '12000')),
                  'fields', jsonb_build_array(jsonb_build_object('key', 'niche', 'value', 'Home décor'), jsonb_build_object('key', 'pronouns', 'value', 'She/her')),
                  'files', '[]'::jsonb),
                timestamptz '2025-01-01' + n * interval '5 minutes'
         FROM generate_series($1::int, $2::int) AS n`,
        [start, end],
      );
      await tx.query(
        `INSERT INTO application_statuses (application_id, status, changed_at, changed_by)
         SELECT 'app-' || lpad(n::text, 7, '0'), 'received', timestamptz '2025-01-01' + n * interval '5 minutes', 'receiver' FROM generate_series($1::int, $2::int) AS n`,
        [start, end],
      );
      await tx.query(
        `INSERT INTO application_statuses (application_id, status, changed_at, changed_by)
         SELECT 'app-' || lpad(n::text, 7, '0'), (ARRAY['in-review', 'accepted', 'declined'])[1 + n % 3], timestamptz '2025-01-02' + n * interval '5 minutes', 'team@example.com'
         FROM generate_series($1::int, $2::int) AS n WHERE n % 4 = 0`,
        [start, end],
      );
      await tx.query(
        `INSERT INTO application_status_links (application_id, reference, reference_number, secret_hash, page_origin, created_at)
         SELECT 'app-' || lpad(n::text, 7, '0'), 'REF' || n, n, 'hash' || n, 'https://apply.example.com', timestamptz '2025-01-01' + n * interval '5 minutes'
         FROM generate_series($1::int, $2::int) AS n`,
        [start, end],
      );
      // As the receiver's statement writes them (server/applications/application-summaries.mjs); the
      // generated names' only non-ASCII letters are lower-case, so lower() folds them as searchFold does.
      await tx.query(
        `INSERT INTO application_summaries (application_id, received_at, language, status, latest_revision, name, email, handle, search)
         SELECT r.application_id, r.received_at, r.language, coalesce((SELECT status FROM application_statuses s WHERE s.application_id = r.application_id ORDER BY seq DESC LIMIT 1), 'received'), 1,
                (r.body->'personalInfo'->>'firstName') || ' ' || (r.body->'personalInfo'->>'lastName'), r.email, r.body->'platforms'->'instagram'->>'handle',
                lower((r.body->'personalInfo'->>'firstName') || ' ' || (r.body->'personalInfo'->>'lastName') || chr(10) || r.email || chr(10) || (r.body->'platforms'->'instagram'->>'handle'))
         FROM revisions r WHERE r.idempotency_key IN (SELECT 'key-' || n FROM generate_series($1::int, $2::int) AS n)`,
        [start, end],
      );
    });
  }
  await store.query('VACUUM ANALYZE');
}

/** @param {number[]} times @param {number} share */
function percentile(times, share) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/**
 * What one GET of the list runs: its counts, then its page.
 * @param {import('../../server/store/store-types.mjs').Store} store
 * @param {string} query
 */
async function list(store, query) {
  const { counts, ...page } = await inboxList(store, inboxFilters(new URLSearchParams(query), { paged: true }));
  return { counts, page };
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-inbox-'));
try {
  const store = await openStore({ dataDir });
  try {
    const started = performance.now();
    await fill(store);
    process.stderr.write(`Filled ${String(APPLICATIONS)} applications in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    // A cursor half-way down: followed from the first page, as a client would.
    let deep = '';
    for (let page = await list(store, 'limit=100'), pages = 1; page.page.next && pages < APPLICATIONS / 200; pages += 1) {
      deep = page.page.next;
      page = await list(store, `limit=100&after=${deep}`);
    }
    const rows = [
      { name: 'first page', query: '' },
      { name: 'filtered page (status, language, dates)', query: 'status=accepted&language=fr&from=2025-03-01&to=2025-09-30' },
      { name: `deep page by cursor (~${String(APPLICATIONS / 2)} in)`, query: `after=${deep}` },
      { name: 'search (name, case-insensitive)', query: 'q=GRACE%20SURNAME42' },
      { name: 'search (handle fragment)', query: 'q=dle.9999' },
      { name: 'search (no match)', query: 'q=nobody-at-all' },
      { name: 'search (one letter: every row)', query: 'q=a' },
      { name: 'rare language (few rows)', query: 'language=de' },
    ];
    const lines = ['| request | p50 ms | p95 ms | items | all |', '| --- | ---: | ---: | ---: | ---: |'];
    let over = false;
    for (const row of rows) {
      await list(store, row.query);
      const times = [];
      let last = await list(store, row.query);
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        last = await list(store, row.query);
        times.push(performance.now() - start);
      }
      const p95 = percentile(times, 0.95);
      if (p95 > BUDGET_MS) over = true;
      lines.push(`| ${row.name} | ${percentile(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ${String(last.page.items.length)} | ${String(last.counts.all)} |`);
    }
    process.stdout.write(
      `Inbox at ${String(APPLICATIONS)} applications, embedded store (PGlite), ${String(RUNS)} runs each; budget p95 ≤ ${String(BUDGET_MS)} ms\n\n${lines.join('\n')}\n`,
    );
    if (over) process.exitCode = 1;
  } finally {
    await store.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
