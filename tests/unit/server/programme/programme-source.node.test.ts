// @vitest-environment node
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgrammeSource } from '../../../../server/programme/programme-source.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { servedRoot } from '../../../support/receiver-fixture';

let root = '';
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A store that answers nothing and counts the reads of previous programmes. */
function countingStore() {
  const counts = { previousReads: 0 };
  const store: Store = {
    kind: 'embedded',
    query: (sql) => {
      if (/FROM programmes/.test(sql)) counts.previousReads += 1;
      return Promise.resolve({ rows: [] });
    },
    transaction: (work) => work(store),
    close: () => Promise.resolve(),
  };
  return { store, counts };
}

describe('the programme source', () => {
  it('reads the previous programmes once for a run of refused bodies, not once each', async () => {
    root = await servedRoot();
    const { store, counts } = countingStore();
    const source = await createProgrammeSource({ root, rulesFor: receiverRules, store });
    for (let index = 0; index < 50; index += 1) expect((await source.validate({ hostile: index })).issues).not.toEqual([]);
    expect(counts.previousReads).toBe(1);
  });
});
