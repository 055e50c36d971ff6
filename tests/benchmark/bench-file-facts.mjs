// `npm run bench:file-facts`: the CPU the receiver spends reading one uploaded file's facts (type,
// SHA-256, width and height; server/uploads/file-facts.mjs) for the worst files that can be built
// for each reader, against a budget: the header readers at most 20 ms of CPU a file whatever its
// bytes, so a client cannot buy seconds of the receiver's CPU with a small upload. The hash reads
// every byte, so the whole judgement is reported per MiB too. Each row is the median of RUNS runs.
// Prints a Markdown table; exits 1 when a row is over budget.
import { Buffer } from 'node:buffer';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { factsOfFile } from '../../server/uploads/file-facts.mjs';
import { imageDimensions } from '../../server/uploads/image-dimensions.mjs';

const RUNS = Number(process.env.BENCH_FILE_FACTS_RUNS ?? 7);
const HEADER_BUDGET_MS = 20;
const MIB = 1024 * 1024;

/** @param {number} type @param {number} length */
function segment(type, length) {
  const bytes = Buffer.alloc(length + 2, 0x41);
  bytes[0] = 0xff;
  bytes[1] = type;
  bytes.writeUInt16BE(length, 2);
  return bytes;
}

const SOI = Buffer.from([0xff, 0xd8]);

/** The files each reader works hardest on. */
const FILES = [
  // Fill bytes from the start of the file to the end of what is scanned: the loop that was one read each.
  { name: 'JPEG, 4 MiB of fill bytes', type: 'image/jpeg', bytes: Buffer.concat([SOI, Buffer.alloc(4 * MIB, 0xff)]) },
  // Segments of the largest length, each jumping past the window in hand: the most reads.
  { name: 'JPEG, 4 MiB of 64 KiB segments', type: 'image/jpeg', bytes: Buffer.concat([SOI, ...Array.from({ length: 65 }, () => segment(0xe2, 0xffff))]) },
  // Segments of the smallest length: the most steps in memory.
  { name: 'JPEG, 4 MiB of empty segments', type: 'image/jpeg', bytes: Buffer.concat([SOI, ...Array.from({ length: MIB }, () => segment(0xe2, 2))]) },
  {
    name: 'PNG, 4 MiB',
    type: 'image/png',
    bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000010000000100008020000', 'hex'), Buffer.alloc(4 * MIB)]),
  },
];

/** @param {() => Promise<unknown>} work */
async function cpuMs(work) {
  const samples = [];
  for (let run = 0; run < RUNS; run += 1) {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return /** @type {number} */ (samples[Math.floor(samples.length / 2)]);
}

const folder = await mkdtemp(join(tmpdir(), 'bench-file-facts-'));
let over = 0;
try {
  process.stdout.write(`| File | Size | Header CPU (ms) | Budget | Whole facts CPU (ms) | Per MiB (ms) |\n| --- | --- | --- | --- | --- | --- |\n`);
  for (const file of FILES) {
    const path = join(folder, 'file');
    await writeFile(path, file.bytes);
    const header = await cpuMs(async () => {
      const handle = await open(path, 'r');
      try {
        await imageDimensions(handle, file.type);
      } finally {
        await handle.close();
      }
    });
    const whole = await cpuMs(() => factsOfFile(path, file.type));
    if (header > HEADER_BUDGET_MS) over += 1;
    const size = file.bytes.length / MIB;
    process.stdout.write(
      `| ${file.name} | ${size.toFixed(1)} MiB | ${header.toFixed(1)} | ≤ ${String(HEADER_BUDGET_MS)} ${header > HEADER_BUDGET_MS ? '✗' : '✓'} | ${whole.toFixed(1)} | ${(whole / size).toFixed(1)} |\n`,
    );
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
process.exitCode = over > 0 ? 1 : 0;
