// How much memory the embedded database (PGlite) may use, so the whole receiver fits a 512 MB
// server: at most 256 MB resident at any moment (its first start included) and 160 MB steady
// (docs/receiver.md, "Memory: a 512 MB server").
//
// PGlite is one Postgres backend in the receiver's process: what Postgres allocates (its shared
// buffers, caches and sort memory) lives in PGlite's WebAssembly memory, which grows on demand and
// never gives memory back, so every setting here is a ceiling the process keeps once reached.
// PGlite's defaults are Postgres's, sized for a database server (128 MB of shared buffers, 64 MB per
// maintenance operation); a receiver's working set (the newest rows and the indexes' right edges)
// is a few megabytes, and the operating system's page cache keeps the rest of the files.
// Given as `-c` start parameters, they win over postgresql.conf, so a folder made by an older
// receiver (initdb wrote 128 MB there) opens with them too.
//
// And V8 compiles PGlite's WebAssembly (a 9 MB module) once, with its baseline compiler (Liftoff),
// never again with its optimising one (TurboFan), which by default recompiles every busy function
// in the background: that held 45-100 MB more (the optimised code and the compiler's working
// memory), for a speed the receiver does not need (its time goes to the disk's syncs).
import { setFlagsFromString } from 'node:v8';

/** Postgres settings for the embedded store. */
export const MEMORY_SETTINGS = Object.freeze({
  // The page cache inside the WebAssembly memory; the OS page cache keeps the rest of the files.
  // 4 MB (512 pages) holds the tables' last pages and the indexes' hot pages; 8 MB held 4 MB
  // more resident, for no throughput the benchmark could see (its time goes to the syncs).
  shared_buffers: '4MB',
  // WAL not yet written at a commit: one group commit's worth (default: 1/32 of shared_buffers).
  wal_buffers: '1MB',
  // Per sort or hash in a query, before it spills to a temporary file (default 4 MB).
  work_mem: '2MB',
  // VACUUM FULL after an erasure rebuilds the indexes with this much (default 64 MB).
  maintenance_work_mem: '8MB',
  // Temporary tables, which the receiver does not make (default 8 MB, 1 MB is near Postgres's minimum).
  temp_buffers: '1MB',
});

/**
 * Tells V8 to compile WebAssembly with Liftoff only, before PGlite compiles its module. V8 reads
 * the flag when it compiles a module, so setting it now, before the first PGlite is made in this
 * process, is enough (the receiver runs no other WebAssembly).
 */
export function compileWebAssemblyOnce() {
  setFlagsFromString('--liftoff-only');
}
