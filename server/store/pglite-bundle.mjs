// PGlite's data bundle read from the disk when Postgres opens one of its files, instead of held in
// memory for the life of the process (docs/receiver.md, "Memory: a 512 MB server").
//
// PGlite ships the files Postgres reads besides its data folder (timezones, ICU collation data,
// encoding conversions, initdb's scripts, extensions' SQL) as one 6 MB file, pglite.data, which it
// reads whole into an ArrayBuffer at start; each file of its in-memory file system (Emscripten's
// MEMFS) is a view of that buffer, and PGlite's start-up code keeps the buffer itself too. So 6 MB
// stay resident, though a running receiver reads a few kilobytes of them (a timezone, the
// abbreviations), most never (initdb's 1 MB postgres.bki, build files, extensions' scripts).
//
// Once PGlite has started, each file that is a view of the bundle becomes one whose bytes are read
// from pglite.data on the disk when MEMFS asks for them (the operating system's page cache keeps
// what is read often), and the buffer is detached, which frees its memory whoever still refers to
// it. A Postgres call reads a file in many chunks, each asking for the whole contents: the last
// file read is kept until the call has returned. pglite.data is opened once, at start, so an
// upgrade of the package while the receiver runs (npm ci replaces the file) does not change what
// it reads. A file something writes becomes an ordinary one again.
//
// This reaches into PGlite's internals (its `mod.FS`); when they do not look as expected (another
// PGlite version), nothing is changed and the bundle stays in memory, and
// tests/unit/server/store/pglite-bundle.node.test.ts fails.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundle PGlite reads at start (next to its code). */
export const BUNDLE_PATH = fileURLToPath(new URL('pglite.data', import.meta.resolve('@electric-sql/pglite')));

/**
 * @typedef {{ contents?: unknown, mode: number, stream_ops: { write: (...args: unknown[]) => unknown } }} MemfsNode
 * @typedef {{
 *   readdir: (path: string) => string[],
 *   lookupPath: (path: string) => { node: MemfsNode & { mounted?: unknown } },
 *   isDir: (mode: number) => boolean,
 *   isFile: (mode: number) => boolean,
 * }} EmscriptenFS
 */

/**
 * Replaces the bundle in memory by reads from the disk. Returns how many bytes were freed (0 when
 * PGlite does not look as expected, and nothing was changed) and a close for the file it reads.
 * @param {unknown} db a started PGlite
 * @returns {{ freedBytes: number, files: number, close: () => void }}
 */
export function readBundleFromDisk(db) {
  const fs = /** @type {{ mod?: { FS?: EmscriptenFS } }} */ (db).mod?.FS;
  if (!fs) return { freedBytes: 0, files: 0, close: () => {} };
  const fd = openSync(BUNDLE_PATH, 'r');
  const bundleBytes = fstatSync(fd).size;
  /** @type {Array<{ node: MemfsNode, view: Uint8Array }>} */
  const views = [];
  /** @type {ArrayBuffer | null} */
  let bundle = null;
  for (const node of memfsFiles(fs)) {
    const view = node.contents;
    if (!(view instanceof Uint8Array) || !(view.buffer instanceof ArrayBuffer) || view.buffer.byteLength !== bundleBytes) continue;
    if (bundle !== null && view.buffer !== bundle) continue;
    bundle = view.buffer;
    views.push({ node, view });
  }
  if (bundle === null) {
    closeSync(fd);
    return { freedBytes: 0, files: 0, close: () => {} };
  }
  const reader = createCachedReader(fd);
  for (const { node, view } of views) readOnDemand(node, view.byteOffset, view.byteLength, reader);
  // Detaching the buffer (its memory moves to a copy dropped at once) frees it, though PGlite's
  // start-up closure still refers to it; no file views it any more.
  structuredClone(bundle, { transfer: [bundle] });
  return {
    freedBytes: bundleBytes,
    files: views.length,
    close: () => {
      closeSync(fd);
    },
  };
}

/**
 * Every regular file of the in-memory file system (the data folder, mounted from the disk, has no
 * contents in memory and is skipped by the caller's check).
 * @param {EmscriptenFS} fs
 * @returns {Generator<MemfsNode>}
 */
function* memfsFiles(fs) {
  const folders = ['/'];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of fs.readdir(folder)) {
      if (name === '.' || name === '..') continue;
      const path = folder === '/' ? `/${name}` : `${folder}/${name}`;
      const { node } = fs.lookupPath(path);
      // Mount points (/dev, /proc, the data folder) are not the bundle's.
      if (node.mounted) continue;
      if (fs.isDir(node.mode)) folders.push(path);
      else if (fs.isFile(node.mode)) yield node;
    }
  }
}

/**
 * Reads byte ranges of the bundle, keeping the last one until the current call has returned.
 * @param {number} fd
 * @returns {(offset: number, length: number) => Uint8Array}
 */
function createCachedReader(fd) {
  /** @type {{ offset: number, bytes: Uint8Array } | null} */
  let last = null;
  return (offset, length) => {
    if (last && last.offset === offset && last.bytes.byteLength === length) return last.bytes;
    const bytes = new Uint8Array(length);
    for (let read = 0; read < length;) {
      const got = readSync(fd, bytes, read, length - read, offset + read);
      if (got === 0) throw new Error(`pglite.data ended at ${String(offset + read)} bytes`);
      read += got;
    }
    const entry = { offset, bytes };
    last = entry;
    setImmediate(() => {
      if (last === entry) last = null;
    });
    return bytes;
  };
}

/**
 * Makes a MEMFS file's contents read from the bundle on the disk when asked for. Before a write
 * (which may change the contents in place) or when MEMFS assigns new contents (a truncation), the
 * file becomes an ordinary one holding its own copy.
 * @param {MemfsNode} node
 * @param {number} offset
 * @param {number} length
 * @param {(offset: number, length: number) => Uint8Array} read
 */
function readOnDemand(node, offset, length, read) {
  const hold = (/** @type {unknown} */ value) => {
    Object.defineProperty(node, 'contents', { value, writable: true, configurable: true, enumerable: true });
  };
  Object.defineProperty(node, 'contents', { configurable: true, enumerable: true, get: () => read(offset, length), set: hold });
  // A stream opened on the file takes the node's operations: its writes hold a copy first.
  const { write } = node.stream_ops;
  node.stream_ops = {
    ...node.stream_ops,
    write(/** @type {unknown[]} */ ...args) {
      if (Object.getOwnPropertyDescriptor(node, 'contents')?.get) hold(read(offset, length).slice());
      return write(...args);
    },
  };
}
