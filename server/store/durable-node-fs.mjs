// What makes the embedded store (PGlite) durable: an application answered 201 is on stable
// storage, not only in the operating system's cache, before the answer leaves.
//
// PGlite 0.5 leaves that out twice over (measured with strace): it starts Postgres with
// `-F` (fsync off), and its Node filesystem layer (Emscripten's NODEFS) has no `fsync`, so the
// fsync() Postgres makes returns success without any system call (and fdatasync() is swallowed
// before it reaches a filesystem at all). Here:
// - durableStartParams(): PGlite's own start parameters without `-F`, with fsync on and the WAL
//   synced by fsync() (the one call that reaches the filesystem layer), commits waiting for it;
// - DurableNodeFS: PGlite's NodeFS (the filesystem class PGlite takes as its `fs` option) that
//   gives NODEFS a real fsync, fs.fsyncSync on the file's (or directory's) Node descriptor. Postgres
//   then syncs the WAL before each commit returns (one sync for a group committed together), data
//   files at checkpoints, and the directories where it asks (a new WAL segment's entry);
// - the data folder synced once after it is first created (PGlite writes initdb's files without
//   syncing them): server/store/data-folder-sync.mjs;
// - a failed fsync stops the process (exitOnSyncFailure), as Postgres's PANIC stops a server:
//   PGlite carries on after one with its thread spinning in the next transaction, for good;
// - checkDurable(): the guard the store runs at every start, so an upgrade of PGlite that drops
//   any of this fails loudly instead of silently acknowledging what a power cut would take back.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { maskNodefsModes } from './private-files.mjs';

/** The settings the store runs with, checked with SHOW at every start. */
export const DURABLE_SETTINGS = Object.freeze({
  fsync: 'on',
  // fsync() and not the Linux default fdatasync(): PGlite's Emscripten runtime answers fdatasync()
  // itself without calling the filesystem layer, so only fsync() reaches DurableNodeFS.
  wal_sync_method: 'fsync',
  synchronous_commit: 'on',
  full_page_writes: 'on',
});

/**
 * PGlite's start parameters for a durable database: its defaults without `-F` (fsync off), with
 * each of `settings` given as `-c name=value` (which wins over postgresql.conf and ALTER SYSTEM).
 * @param {Record<string, string>} [settings]
 * @returns {string[]}
 */
export function durableStartParams(settings = DURABLE_SETTINGS) {
  const params = PGlite.defaultStartParams.filter((param) => param !== '-F');
  for (const [name, value] of Object.entries(settings)) params.push('-c', `${name}=${value}`);
  return params;
}

/** Emscripten's errno for an I/O error, what Postgres is told when the real fsync fails. */
const EIO = 29;

/**
 * What a failed fsync does by default: says so on stderr and ends the process at once. The
 * commit waiting for that sync is never acknowledged; a restart replays the WAL. Carrying on is not
 * an option: Postgres PANICs, and PGlite's next transaction then spins its thread forever.
 * @param {string} path the file Postgres asked to sync (PGlite's path for it)
 * @param {unknown} error
 */
export function exitOnSyncFailure(path, error) {
  process.stderr.write(
    `The embedded database could not sync ${path} to the disk (${error instanceof Error ? error.message : String(error)}): stopping now, acknowledging nothing more. Check the disk, then restart: the database recovers from its WAL.\n`,
  );
  process.exit(1);
}

/**
 * @typedef {{ nfd?: number, path?: string }} EmscriptenStream
 * @typedef {{ stream_ops: Record<string, unknown> }} EmscriptenNode
 * @typedef {{ mountpoint: string, type: unknown, opts: { root?: string } }} EmscriptenMount
 * @typedef {{
 *   NODEFS?: { stream_ops?: Record<string, unknown>, convertNodeCode?: (error: unknown) => number | undefined },
 *   FS: {
 *     ErrnoError: new (errno: number) => Error,
 *     root: { mount: EmscriptenMount },
 *     getMounts: (mount: EmscriptenMount) => EmscriptenMount[],
 *     lookupPath: (path: string) => { node: EmscriptenNode },
 *   },
 * }} EmscriptenModule
 */

/**
 * PGlite's NodeFS with a real fsync: pass it as PGlite's `fs` option.
 *
 * NODEFS is Emscripten's, inside PGlite's module, and PGlite offers no option for its stream
 * operations; a filesystem class's init() is PGlite's extension point for the Emscripten options,
 * so a preRun step added there (after NodeFS's own, which mounts the data folder) gives NODEFS the
 * `fsync` stream operation it lacks. Emscripten's fsync (its `_fd_sync`) calls exactly that
 * operation; every NODEFS node shares the one stream_ops object, so all the data folder's files
 * and directories get it. This is the one place the store reaches into PGlite's Emscripten module.
 */
export class DurableNodeFS extends NodeFS {
  /** @type {(fd: number) => void} */
  #fsyncFile;
  /** @type {(path: string, error: unknown) => void} */
  #onSyncFailure;
  /** @type {EmscriptenModule | null} */
  #module = null;
  /** @type {((stream: EmscriptenStream) => number) | null} */
  #fsync = null;
  /** The Emscripten path the data folder is mounted at. */
  #mountpoint = '';
  /** Paths synced while a probe listens (checkDurable), else null. */
  /** @type {string[] | null} */
  #heard = null;

  /**
   * @param {string} dataDir
   * @param {{ fsyncSync?: (fd: number) => void, onSyncFailure?: (path: string, error: unknown) => void }} [options]
   *   fsyncSync: the system call (tests make it fail); onSyncFailure: told of a failed one before Postgres is
   */
  constructor(dataDir, { fsyncSync: fsyncFile = fsyncSync, onSyncFailure = exitOnSyncFailure } = {}) {
    super(dataDir);
    this.#fsyncFile = fsyncFile;
    this.#onSyncFailure = onSyncFailure;
  }

  /**
   * @param {Parameters<NodeFS['init']>[0]} pg
   * @param {Parameters<NodeFS['init']>[1]} emscriptenOptions
   */
  async init(pg, emscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const preRun = emscriptenOpts.preRun ?? [];
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(Array.isArray(preRun) ? preRun : [preRun]),
          (/** @type {unknown} */ module) => {
            this.#install(/** @type {EmscriptenModule} */ (module));
          },
        ],
      },
    };
  }

  /** @param {EmscriptenModule} module */
  #install(module) {
    this.#module = module;
    // Its files the owner's alone (private-files.mjs): NODEFS would chmod each to 0666.
    maskNodefsModes(module.NODEFS);
    const streamOps = module.NODEFS?.stream_ops;
    // Missing, checkDurable() says so and the store refuses to start.
    if (!streamOps) return;
    const nodefs = module.NODEFS;
    const mount = module.FS.getMounts(module.FS.root.mount).find((candidate) => candidate.type === nodefs && candidate.opts.root === this.rootDir);
    this.#mountpoint = mount?.mountpoint ?? '';
    /** @param {EmscriptenStream} stream */
    const fsync = (stream) => {
      try {
        if (typeof stream.nfd !== 'number') throw new Error('no Node file descriptor behind this stream');
        this.#fsyncFile(stream.nfd);
      } catch (error) {
        this.#onSyncFailure(stream.path ?? '', error);
        // Then Postgres is told: the commit fails (and Postgres PANICs).
        throw new module.FS.ErrnoError(nodefs?.convertNodeCode?.(error) ?? EIO);
      }
      this.#heard?.push(stream.path ?? '');
      return 0;
    };
    streamOps.fsync = fsync;
    this.#fsync = fsync;
  }

  /**
   * Why the fsync hook is not where PGlite will call it, or null when it is: on the stream
   * operations of the node the data folder is mounted on and of its WAL folder.
   * @returns {string | null}
   */
  fsyncHookProblem() {
    const module = this.#module;
    if (!module) return "PGlite did not run the filesystem's preRun step, so its fsync hook was never installed";
    if (!module.NODEFS?.stream_ops) return "PGlite's Emscripten module no longer exposes NODEFS.stream_ops, where the fsync hook goes";
    if (!this.#fsync || module.NODEFS.stream_ops.fsync !== this.#fsync) return "NODEFS.stream_ops.fsync is not the store's fsync hook";
    if (!this.#mountpoint) return `the data folder ${this.rootDir} is not mounted with NODEFS`;
    for (const path of [this.#mountpoint, `${this.#mountpoint}/pg_wal`]) {
      let node;
      try {
        node = module.FS.lookupPath(path).node;
      } catch {
        return `${path} cannot be looked up in PGlite's filesystem`;
      }
      if (node.stream_ops.fsync !== this.#fsync) return `${path} is not served by the NODEFS stream operations the fsync hook is on`;
    }
    return null;
  }

  /**
   * The Emscripten paths the hook synced while `work` ran.
   * @param {() => Promise<unknown>} work
   * @returns {Promise<string[]>}
   */
  async pathsSyncedDuring(work) {
    /** @type {string[]} */
    const heard = [];
    this.#heard = heard;
    try {
      await work();
    } finally {
      this.#heard = null;
    }
    return heard;
  }
}

/**
 * The guard: refuses (throws) unless the database runs with `settings` and a commit's WAL flush
 * reaches the filesystem's real fsync. Run at every start, so an upgrade of PGlite that drops the
 * syncs stops the receiver with this message rather than acknowledging applications a power cut
 * could take back.
 * @param {{ query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }} db
 * @param {DurableNodeFS} fs
 * @param {Record<string, string>} [settings]
 */
export async function checkDurable(db, fs, settings = DURABLE_SETTINGS) {
  const problems = [];
  const hookProblem = fs.fsyncHookProblem();
  if (hookProblem) problems.push(hookProblem);
  for (const [name, expected] of Object.entries(settings)) {
    const { rows } = await db.query(`SHOW ${name}`);
    const actual = rows[0]?.[name];
    if (actual !== expected) problems.push(`${name} is ${String(actual)}, not ${expected}`);
  }
  if (problems.length === 0) {
    // A WAL record flushed at once: Postgres must sync a WAL segment through the hook.
    let synced;
    try {
      synced = await fs.pathsSyncedDuring(() => db.query("SELECT pg_logical_emit_message(false, 'durability-probe', '', true)"));
    } catch (error) {
      problems.push(`the probe could not run (${error instanceof Error ? error.message : String(error)})`);
    }
    if (synced && !synced.some((path) => /\/pg_wal\/[0-9A-F]{24}$/.test(path))) {
      problems.push(`a flush of the WAL synced no WAL segment through the filesystem (synced: ${synced.length ? synced.join(', ') : 'nothing'})`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `The embedded database would not be durable, so the receiver refuses to start: ${problems.join('; ')}. ` +
        'An application answered 201 could be lost in a power cut. Has @electric-sql/pglite been upgraded? See server/store/durable-node-fs.mjs.',
    );
  }
}
