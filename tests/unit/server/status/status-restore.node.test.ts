// @vitest-environment node
// A restored store goes on making new references: the references' sequence is owned by the links'
// reference_number, so the restore sets it past every reference restored, and the next application
// gets a reference of its own rather than a unique-key failure (a 503 for every creator). A store
// restored without its key gives no link it cannot honour.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveApplication, type Received } from '../../../../server/applications/applications-table.mjs';
import { restoreBackup, writeBackup } from '../../../../server/backup/backup.mjs';
import { createStatusLinks } from '../../../../server/status/status-links.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { sampleBody } from '../../../support/sample-application.mjs';

const links = createStatusLinks(Buffer.alloc(32, 5));

function received(applicationId: string): Received {
  return {
    key: `${applicationId}-key`,
    applicationId,
    clientRevision: 1,
    fingerprint: applicationId,
    body: sampleBody(),
    email: 'ada@example.com',
    language: 'en',
    receivedAt: new Date(),
    pageOrigin: 'https://apply.example.com',
  };
}

describe('references after a restore', () => {
  it('are new: the sequence is set past every reference restored', async () => {
    const work = await mkdtemp(join(tmpdir(), 'status-restore-'));
    const source = await openStore({ dataDir: join(work, 'source') });
    const references: string[] = [];
    try {
      for (const id of ['a', 'b', 'c']) {
        const result = await receiveApplication(source, received(id), { links });
        if (result.outcome === 'created' && result.receipt.reference) references.push(result.receipt.reference);
      }
      expect(references).toHaveLength(3);
      await writeBackup(source, createWriteStream(join(work, 'backup.gz')));
    } finally {
      await source.close();
    }
    const target = await openPgliteStore(join(work, 'target'));
    try {
      await restoreBackup(target, join(work, 'backup.gz'));
      const next = await receiveApplication(target, received('d'), { links });
      expect(next.outcome).toBe('created');
      const reference = next.outcome === 'created' ? next.receipt.reference : undefined;
      expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(references).not.toContain(reference);
      // Restored without its key: a new key would make links that do not open, so none is given.
      const otherKey = createStatusLinks(Buffer.alloc(32, 6));
      const revised = await receiveApplication(target, { ...received('a'), key: 'a-key-2', clientRevision: 2, fingerprint: 'a2' }, { links: otherKey });
      expect(revised).toEqual({ outcome: 'created', receipt: { id: 'a', receivedAt: expect.any(String) as unknown, reference: references[0] } });
    } finally {
      await target.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});
