// @vitest-environment node
// Each new store starts its references at a random place: two deployments' first applications do
// not share a reference, and a reference does not say how many applications came before it. A
// store that has issued references keeps its sequence where it is.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { applyMigrations } from '../../../../server/store/schema.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';

async function firstNumberOfANewStore(): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'reference-start-'));
  const store = await openStore({ dataDir: folder });
  try {
    const { rows } = await store.query(`SELECT nextval('application_reference_numbers') AS n`);
    return Number(rows[0]?.n);
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}

it('start at a random number in each new store', async () => {
  const [first, second] = [await firstNumberOfANewStore(), await firstNumberOfANewStore()];
  expect(first).not.toBe(second);
  expect(first).toBeGreaterThan(1);
  expect(first).toBeLessThan(2 ** 38);
}, 60_000);

it('stay where they are in a store that has issued references before the migration', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'reference-kept-'));
  const store = await openStore({ dataDir: folder });
  try {
    // Back to version 8 with one reference issued, then version 9 again.
    await store.transaction(async (tx) => {
      await tx.query(`SELECT setval('application_reference_numbers', 41, true)`);
      await tx.query(`INSERT INTO applications (id, created_at, updated_at) VALUES ('a', now(), now())`);
      await tx.query(
        `INSERT INTO application_status_links (application_id, reference, reference_number, secret_hash, page_origin, created_at) VALUES ('a', 'AAAA-AAAA', 41, 'h', 'https://apply.example.com', now())`,
      );
      await tx.query('DROP TABLE audit_log, team_notes, team_sessions, team_sign_in_links, team_members');
      await tx.query('ALTER TABLE revisions DROP COLUMN programme_digest');
      await tx.query('DELETE FROM schema_version WHERE version = 9');
      await applyMigrations(tx, 8, 9);
    });
    const { rows } = await store.query(`SELECT nextval('application_reference_numbers') AS n`);
    expect(Number(rows[0]?.n)).toBe(42);
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);
