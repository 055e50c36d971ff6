// @vitest-environment node
/**
 * The embedded receiver fits a 512 MB server: started as production starts it (node
 * server/serve.mjs) on a data folder that does not exist yet, the resident memory of its whole
 * process tree stays within 256 MB from the first instant (while the database is made) through
 * its first applications, and again when it restarts on that folder. Sampled from /proc every
 * 20 ms (VmRSS summed over the tree), plus each process's own high-water mark (VmHWM), which no
 * sampling interval can miss. Linux only, as the receiver's servers are.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { megabytes, sampleTreeMemory, type TreeMemory } from '../../benchmark/process-tree-memory.mjs';
import { rawRequest } from '../../support/http-request';
import { servedRoot } from '../../support/receiver-fixture';
import { spawnReceiver } from '../../support/receiver-process';
import { sampleBody } from '../../support/sample-application.mjs';

const BUDGET_BYTES = 256 * 1024 * 1024;

/** Starts the receiver on dataDir, sending `applications` applications, sampling its tree throughout. */
async function startMeasured(root: string, dataDir: string, applications: number): Promise<TreeMemory> {
  let sampler: ReturnType<typeof sampleTreeMemory> | null = null;
  const receiver = await spawnReceiver({ root, dataDir, onSpawned: (pid) => { sampler = sampleTreeMemory(pid, { intervalMs: 20 }); } });
  try {
    for (let index = 0; index < applications; index += 1) {
      const answer = await rawRequest(`${receiver.url}/api/applications`, {
        headers: [['Content-Type', 'application/json'], ['Idempotency-Key', `memory-${String(index)}`], ['Application-Id', `memory-app-${String(index)}`]],
        body: JSON.stringify(sampleBody({ email: `memory-${String(index)}@example.com`, variant: index })),
      });
      expect(answer.status).toBe(201);
    }
    // The compiler and the collector settle after the first requests.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } finally {
    await receiver.stop();
  }
  const sampled = sampler as ReturnType<typeof sampleTreeMemory> | null;
  if (!sampled) throw new Error('the receiver was never sampled');
  return sampled.stop();
}

const describeMeasured = (memory: TreeMemory) =>
  `peak ${String(megabytes(memory.peakBytes))} MB at ${String(memory.peakAtMs)} ms over ${String(memory.samples)} samples; VmHWM ${memory.processes.map((member) => `${member.command}: ${String(megabytes(member.hwmBytes))} MB`).join(', ')}`;

describe.skipIf(process.platform !== 'linux')('the embedded receiver\'s memory', () => {
  it('stays within 256 MB, its whole process tree, from its first start on a new data folder, and on a restart', async () => {
    const root = await servedRoot();
    const parent = await mkdtemp(join(tmpdir(), 'receiver-memory-'));
    const dataDir = join(parent, 'data');
    try {
      const first = await startMeasured(root, dataDir, 20);
      expect(first.samples, describeMeasured(first)).toBeGreaterThan(10);
      expect(first.peakBytes, describeMeasured(first)).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(first.hwmSumBytes, describeMeasured(first)).toBeLessThanOrEqual(BUDGET_BYTES);

      const restart = await startMeasured(root, dataDir, 5);
      expect(restart.peakBytes, describeMeasured(restart)).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(restart.hwmSumBytes, describeMeasured(restart)).toBeLessThanOrEqual(BUDGET_BYTES);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(parent, { recursive: true, force: true });
    }
  }, 180_000);
});
