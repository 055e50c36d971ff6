// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DeviceStorageFullError, type DeviceFile } from '../../../src/storage/device-files';
import { keepChosenFiles, type KeepingDevices } from '../../../src/files/keep-chosen-files';
import { prepareFile } from '../../../src/files/prepare-file';
import type { ShrinkRequest } from '../../../src/files/shrink-image';
import { sha256Of } from '../../../src/files/sha256-of';

const RULES = { accept: ['image/*', 'application/pdf'], maxBytes: 1_000, maxFiles: 3, imageMaxEdge: 2560 };

function file(name: string, text: string, type: string): File {
  return new File([text], name, { type });
}

/** A JPEG's first bytes: a file typed as a photo must start as one (image-signature.ts). */
const JPEG_SIGNATURE = new Uint8Array([0xff, 0xd8, 0xff]);

function photo(name: string, text: string): File {
  return new File([JPEG_SIGNATURE, text], name, { type: 'image/jpeg' });
}

/** A device that makes every photo a few bytes of `shrunk-…`, and keeps files in `shelf` (full when `full`). */
function fakeDevices(options: { full?: boolean; canShrink?: boolean } = {}) {
  const shelf = new Map<string, DeviceFile>();
  const shrunk: ShrinkRequest[] = [];
  const devices: KeepingDevices = {
    prepare: (request) =>
      prepareFile(request, {
        shrink: async (shrinkRequest) => {
          shrunk.push(shrinkRequest);
          if (options.canShrink === false) return { ok: false, reason: 'undecodable' };
          // The signature's bytes read as replacement characters: left out, the photo's text stays readable.
          const text = `shrunk-${(await shrinkRequest.blob.text()).replace(/^\uFFFD+/, '')}`;
          return {
            ok: true,
            blob: new Blob([text], { type: shrinkRequest.encodings[0] }),
            type: shrinkRequest.encodings[0]!,
            width: 2560,
            height: 1920,
            thumbnail: new Blob(['small'], { type: 'image/jpeg' }),
          };
        },
        sha256: sha256Of,
      }),
    put: (kept) => {
      if (options.full) return Promise.reject(new DeviceStorageFullError());
      shelf.set(kept.sha256, kept);
      return Promise.resolve();
    },
  };
  return { devices, shelf, shrunk };
}

describe('keepChosenFiles', () => {
  it('keeps a document byte for byte and a photo made smaller, each under the SHA-256 of what is kept', async () => {
    const { devices, shelf, shrunk } = fakeDevices();
    const heard: string[] = [];
    const outcome = await keepChosenFiles([file('kit.pdf', '%PDF-1.7', 'application/pdf'), photo('room.jpg', 'camera-bytes')], RULES, [], devices, (item) =>
      heard.push(item.name),
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.kept.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'kit.pdf', type: 'application/pdf', size: 8 },
      { name: 'room.jpg', type: 'image/jpeg', size: 'shrunk-camera-bytes'.length },
    ]);
    expect(heard).toEqual(['kit.pdf', 'room.jpg']);
    expect(shrunk).toEqual([expect.objectContaining({ encodings: ['image/jpeg'], maxEdge: 2560 })]);
    const pdf = shelf.get(outcome.kept[0]!.sha256)!;
    expect(await pdf.blob!.text()).toBe('%PDF-1.7');
    expect(outcome.kept[0]!.sha256).toBe(await sha256Of(new Blob(['%PDF-1.7'])));
    expect(shelf.get(outcome.kept[1]!.sha256)).toMatchObject({ width: 2560, height: 1920 });
    // The photo's thumbnail is kept with it, for the list; a document has none.
    expect(await shelf.get(outcome.kept[1]!.sha256)!.thumbnail!.text()).toBe('small');
    expect(pdf.thumbnail).toBeUndefined();
  });

  it('names each refused file with its reason and keeps the others', async () => {
    const { devices, shelf } = fakeDevices();
    const already = [{ sha256: await sha256Of(new Blob(['%PDF-old'])), name: 'old.pdf', type: 'application/pdf', size: 8 }];
    const outcome = await keepChosenFiles(
      [
        file('tool.exe', 'MZ', 'application/x-msdownload'),
        file('empty.pdf', '', 'application/pdf'),
        file('huge.pdf', 'x'.repeat(1_001), 'application/pdf'),
        file('again.pdf', '%PDF-old', 'application/pdf'),
        file('one.pdf', '%PDF-1', 'application/pdf'),
        file('one-copy.pdf', '%PDF-1', 'application/pdf'),
        file('two.pdf', '%PDF-2', 'application/pdf'),
        file('three.pdf', '%PDF-3', 'application/pdf'),
      ],
      RULES,
      already,
      devices,
    );
    expect(outcome.kept.map((item) => item.name)).toEqual(['one.pdf', 'two.pdf']);
    expect(outcome.refused).toEqual([
      { name: 'tool.exe', reason: 'fileTypeRefused' },
      { name: 'empty.pdf', reason: 'fileEmpty' },
      { name: 'huge.pdf', reason: 'fileTooLarge' },
      { name: 'again.pdf', reason: 'fileTwice' },
      { name: 'one-copy.pdf', reason: 'fileTwice' },
      { name: 'three.pdf', reason: 'fileTooMany' },
    ]);
    expect(shelf.size).toBe(2);
  });

  it('says a file was not kept when the device is full', async () => {
    const { devices } = fakeDevices({ full: true });
    const outcome = await keepChosenFiles([file('kit.pdf', '%PDF', 'application/pdf')], RULES, [], devices);
    expect(outcome).toEqual({ kept: [], refused: [{ name: 'kit.pdf', reason: 'fileNotKept' }] });
  });

  it('keeps a HEIC as it is where the browser cannot decode it, and judges its size as it is', async () => {
    const { devices } = fakeDevices({ canShrink: false });
    const outcome = await keepChosenFiles([file('IMG_0001.HEIC', 'ftypheic', '')], RULES, [], devices);
    expect(outcome.kept).toEqual([expect.objectContaining({ name: 'IMG_0001.HEIC', type: 'image/heic', size: 8 })]);
    const big = await keepChosenFiles([file('IMG_0002.HEIC', 'h'.repeat(2_000), '')], RULES, [], devices);
    expect(big.refused).toEqual([{ name: 'IMG_0002.HEIC', reason: 'fileTooLarge' }]);
  });

  it('renames a HEIC made into JPEG', async () => {
    const { devices } = fakeDevices();
    const outcome = await keepChosenFiles([file('IMG_0001.HEIC', 'ftypheic', 'image/heic')], RULES, [], devices);
    expect(outcome.kept).toEqual([expect.objectContaining({ name: 'IMG_0001.jpg', type: 'image/jpeg' })]);
  });

  it('calls a file that cannot be read unreadable, and goes on', async () => {
    const { devices } = fakeDevices();
    const broken = file('gone.pdf', '%PDF', 'application/pdf');
    broken.slice = () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotFoundError')), size: 4 }) as unknown as Blob;
    const outcome = await keepChosenFiles([broken, file('ok.pdf', '%PDF-ok', 'application/pdf')], RULES, [], devices);
    expect(outcome.refused).toEqual([{ name: 'gone.pdf', reason: 'fileUnreadable' }]);
    expect(outcome.kept.map((item) => item.name)).toEqual(['ok.pdf']);
  });
});

describe('sha256Of', () => {
  it('gives 64 lower-case hex digits of the bytes', async () => {
    expect(await sha256Of(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses by name a file typed as a photo that is not one, at once or when it does not decode, and keeps the others', async () => {
    const { devices, shelf, shrunk } = fakeDevices({ canShrink: false });
    const outcome = await keepChosenFiles(
      [file('notes.jpg', 'just some text', 'image/jpeg'), photo('broken.jpg', 'truncated'), file('kit.pdf', '%PDF-1.7', 'application/pdf')],
      RULES,
      [],
      devices,
    );
    expect(outcome.refused).toEqual([
      { name: 'notes.jpg', reason: 'fileNotImage' },
      { name: 'broken.jpg', reason: 'fileNotImage' },
    ]);
    expect(outcome.kept.map((item) => item.name)).toEqual(['kit.pdf']);
    expect(shelf.size).toBe(1);
    // The text file is refused by its first bytes, before any decoding is tried.
    expect(shrunk).toHaveLength(1);
  });
});
