// The resident memory of a process and of every process it started, as the kernel counts it
// (/proc/<pid>/status VmRSS), sampled every ~20 ms, plus each process's own high-water mark
// (VmHWM) read at its last sample. A receiver's memory budget is for the whole tree: `npm start`
// runs scripts/start.mjs, which runs the server, which may run a helper of its own; a 512 MB server
// must hold all of them at once.
// Linux only (it reads /proc). Used by `npm run bench:receiver` and by
// tests/unit/server/start/receiver-memory.node.test.ts.
/* global setInterval, clearInterval */
import { readFileSync, readdirSync } from 'node:fs';

const KIB = 1024;

/**
 * A process's status fields, in bytes, or null once it has gone.
 * @param {number} pid
 * @returns {{ rss: number, hwm: number } | null}
 */
export function processMemory(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  } catch {
    return null;
  }
  const field = (/** @type {string} */ name) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * KIB : 0;
  };
  // A zombie has no memory left and no VmRSS line.
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * The process and all its descendants, read from each of their threads' `children` lists.
 * @param {number} pid
 * @returns {number[]}
 */
export function processTree(pid) {
  const seen = new Set([pid]);
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const task of readOrNothing(() => readdirSync(`/proc/${String(next)}/task`), /** @type {string[]} */ ([]))) {
      const children = readOrNothing(() => readFileSync(`/proc/${String(next)}/task/${task}/children`, 'utf8'), '');
      for (const child of children.split(' ')) {
        const childPid = Number(child);
        if (child.trim() && !seen.has(childPid)) {
          seen.add(childPid);
          queue.push(childPid);
        }
      }
    }
  }
  return [...seen];
}

/**
 * What read() answers, or `nothing` when the process or thread has gone meanwhile.
 * @template T
 * @param {() => T} read
 * @param {T} nothing
 * @returns {T}
 */
function readOrNothing(read, nothing) {
  try {
    return read();
  } catch {
    return nothing;
  }
}

/**
 * @typedef {{
 *   peakBytes: number,
 *   peakAtMs: number,
 *   peakProcesses: number,
 *   lastBytes: number,
 *   hwmSumBytes: number,
 *   processes: Array<{ pid: number, command: string, hwmBytes: number }>,
 *   samples: number,
 * }} TreeMemory
 *   peakBytes: the largest sum of VmRSS over the tree seen in one sample; hwmSumBytes: the sum of
 *   each process's VmHWM (its own peak), an upper bound on the tree's peak that no sampling
 *   interval can miss
 */

/**
 * Samples the tree under `pid` every `intervalMs` until stop() is called.
 * @param {number} pid
 * @param {{ intervalMs?: number }} [options]
 */
export function sampleTreeMemory(pid, { intervalMs = 20 } = {}) {
  const started = Date.now();
  let peakBytes = 0;
  let peakAtMs = 0;
  let peakProcesses = 0;
  let lastBytes = 0;
  let samples = 0;
  /** @type {Map<number, { command: string, hwmBytes: number }>} */
  const processes = new Map();
  const sample = () => {
    let total = 0;
    const tree = processTree(pid);
    for (const member of tree) {
      const memory = processMemory(member);
      if (!memory) continue;
      total += memory.rss;
      const known = processes.get(member);
      if (known) known.hwmBytes = Math.max(known.hwmBytes, memory.hwm);
      else processes.set(member, { command: commandOf(member), hwmBytes: memory.hwm });
    }
    samples += 1;
    lastBytes = total;
    if (total > peakBytes) {
      peakBytes = total;
      peakAtMs = Date.now() - started;
      peakProcesses = tree.length;
    }
    return total;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    /** Samples once more now and answers the tree's resident bytes. */
    now: sample,
    /** @returns {TreeMemory} */
    stop() {
      clearInterval(timer);
      sample();
      const list = [...processes].map(([member, { command, hwmBytes }]) => ({ pid: member, command, hwmBytes }));
      return { peakBytes, peakAtMs, peakProcesses, lastBytes, hwmSumBytes: list.reduce((sum, { hwmBytes }) => sum + hwmBytes, 0), processes: list, samples };
    },
  };
}

/** @param {number} pid */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .join(' ');
  } catch {
    return '';
  }
}

/** @param {number} bytes */
export const megabytes = (bytes) => Math.round(bytes / KIB / KIB);
