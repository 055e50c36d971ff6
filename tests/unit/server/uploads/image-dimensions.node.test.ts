// @vitest-environment node
// A file's facts cost a bounded amount of CPU whatever its bytes: a JPEG header of fill bytes used
// to be walked one asynchronous 4-byte read at a time (a 4 MiB one took over a minute of CPU).
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsOfFile } from '../../../../server/uploads/file-facts.mjs';
import { imageDimensions } from '../../../../server/uploads/image-dimensions.mjs';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'image-dimensions-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A segment: its marker, a length counting itself, and the payload. */
function segment(type: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, type, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function frame(width: number, height: number): Buffer {
  const payload = Buffer.alloc(15);
  payload[0] = 8;
  payload.writeUInt16BE(height, 1);
  payload.writeUInt16BE(width, 3);
  payload[5] = 3;
  return segment(0xc0, payload);
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

async function dimensionsOf(name: string, bytes: Buffer) {
  const path = join(folder, name);
  await writeFile(path, bytes);
  const handle = await open(path, 'r');
  try {
    return await imageDimensions(handle, 'image/jpeg');
  } finally {
    await handle.close();
  }
}

describe('JPEG dimensions', () => {
  it('reads a frame after an EXIF segment and fill bytes', async () => {
    const bytes = Buffer.concat([SOI, segment(0xe1, Buffer.alloc(3000, 7)), Buffer.alloc(40, 0xff), frame(4000, 3000), EOI]);
    expect(await dimensionsOf('plain.jpg', bytes)).toEqual({ width: 4000, height: 3000 });
  });

  it('reads a frame behind segments longer than one read, and one straddling two reads', async () => {
    const big = Array.from({ length: 5 }, () => segment(0xe2, Buffer.alloc(65_000, 1)));
    // The frame's marker starts 3 bytes before the end of a 64 KiB read.
    const pad = segment(0xe3, Buffer.alloc(64 * 1024 - 2 - 3 - 4, 2));
    expect(await dimensionsOf('big-header.jpg', Buffer.concat([SOI, ...big, frame(640, 480), EOI]))).toEqual({ width: 640, height: 480 });
    expect(await dimensionsOf('straddling.jpg', Buffer.concat([SOI, pad, frame(800, 600), EOI]))).toEqual({ width: 800, height: 600 });
  });

  it('gives no dimensions for a frame past the 4 MiB or the 65,536 markers walked, nor for a header cut short', async () => {
    const far = Array.from({ length: 65 }, () => segment(0xe2, Buffer.alloc(65_000, 1)));
    expect(await dimensionsOf('far.jpg', Buffer.concat([SOI, ...far, frame(10, 10), EOI]))).toBeNull();
    expect(await dimensionsOf('filled.jpg', Buffer.concat([SOI, Buffer.alloc(70_000, 0xff), frame(10, 10), EOI]))).toBeNull();
    expect(await dimensionsOf('some-fill.jpg', Buffer.concat([SOI, Buffer.alloc(1000, 0xff), frame(10, 10), EOI]))).toEqual({ width: 10, height: 10 });
    expect(await dimensionsOf('cut.jpg', Buffer.concat([SOI, frame(10, 10).subarray(0, 6)]))).toBeNull();
  });

  it('a 4 MiB JPEG of fill bytes is judged in well under a second', async () => {
    const path = join(folder, 'fill.jpg');
    await writeFile(path, Buffer.concat([SOI, Buffer.alloc(4 * 1024 * 1024, 0xff)]));
    const handle = await open(path, 'r');
    const started = performance.now();
    try {
      expect(await imageDimensions(handle, 'image/jpeg')).toBeNull();
    } finally {
      await handle.close();
    }
    expect(performance.now() - started).toBeLessThan(1000);
    // The whole judgement (type, hash, dimensions) too, by the CPU it takes: the machine may be busy.
    const cpu = process.cpuUsage();
    const facts = await factsOfFile(path, 'image/jpeg');
    const used = process.cpuUsage(cpu);
    expect(facts.type).toBe('image/jpeg');
    expect(facts.width).toBeNull();
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  }, 20_000);
});
