// The report's header: when, on which code, on which machine. Timings mean little without it.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import process from 'node:process';

/** Runs git read-only in the repository; an empty string if git is unavailable. */
function git(/** @type {string[]} */ args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** Date, commit (marked when the working tree has changes), CPU, memory, OS, Node, load. */
export function machineInfo() {
  const processors = cpus();
  return {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    uncommittedChanges: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    cpu: `${processors[0]?.model.trim() ?? 'unknown CPU'} × ${String(processors.length)}`,
    memoryGb: Math.round(totalmem() / 1e8) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    loadAverageAtStart: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
