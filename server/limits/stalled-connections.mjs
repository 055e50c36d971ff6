// Connections that stopped moving: a client that asks for answers and never takes them (pipelined
// GETs of a large file with a tiny receive window, never read) holds its socket, its buffers and a
// place under the connection caps for as long as it likes, since Node's timeouts only watch a
// request coming in (headers, whole request) or an idle kept-alive connection, never an answer
// going out. nginx's send_timeout closes such a connection; so does this: a socket with answer
// bytes waiting to go out, on which nothing was read and nothing of the answer was taken by the
// client for STALL_TIMEOUT_MS, is destroyed, pipelined or not.
//
// Progress is read from the socket itself, sampled a few times per timeout: the bytes read from it,
// the bytes the kernel took from it (bytesWritten counts what is still buffered, writableLength
// takes that back out), and libuv's queue of a write under way (a single large chunk the client
// takes slowly still moves it, so a slow phone is never mistaken for a stalled one). What the
// client takes is seen as the kernel's send buffer makes room, in steps of up to half that buffer,
// which the kernel sizes to the client's own pace: a client taking even a few kB a second moves
// it well within the timeout.

/**
 * @typedef {{ signature: string, since: number }} Progress the last sample and when it last changed
 */

/**
 * The socket's progress as one comparable value.
 * @param {import('node:net').Socket} socket
 */
function progressOf(socket) {
  // The TCP handle's queue is not in Node's types; TLS and HTTP/2 read it the same way.
  const queued = /** @type {{ _handle?: { writeQueueSize?: number } | null }} */ (/** @type {unknown} */ (socket))._handle?.writeQueueSize ?? 0;
  return `${String(socket.bytesRead)}:${String(socket.bytesWritten - socket.writableLength)}:${String(queued)}`;
}

/**
 * Watches every connection of a server and destroys those stalled for stallTimeoutMs.
 * @param {import('node:net').Server} server
 * @param {{ stallTimeoutMs: number, count?: (event: string) => void, now?: () => number }} options
 *   stallTimeoutMs: 0 watches nothing; count: told of each connection closed (metrics)
 * @returns {{ watched: () => number }}
 */
export function closeStalledConnections(server, { stallTimeoutMs, count = () => undefined, now = () => performance.now() }) {
  /** @type {Map<import('node:net').Socket, Progress>} */
  const sockets = new Map();
  if (stallTimeoutMs <= 0) return { watched: () => 0 };
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    if (socket.destroyed) return;
    sockets.set(socket, { signature: progressOf(socket), since: now() });
    socket.once('close', () => {
      sockets.delete(socket);
    });
  });
  // A quarter of the timeout between samples (at most a second): a stalled socket is closed
  // within 1.25 times the timeout at worst.
  const everyMs = Math.max(25, Math.min(1000, Math.floor(stallTimeoutMs / 4)));
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  const sample = () => {
    const at = now();
    for (const [socket, progress] of sockets) {
      const signature = progressOf(socket);
      // Nothing waiting to go out: the server is the one to act (or Node's own timeouts watch
      // the request coming in and the idle connection), so the clock starts again.
      if (signature !== progress.signature || socket.writableLength === 0) {
        progress.signature = signature;
        progress.since = at;
        continue;
      }
      if (at - progress.since >= stallTimeoutMs) {
        sockets.delete(socket);
        count('connection stalled');
        socket.destroy();
      }
    }
  };
  server.on('listening', () => {
    timer ??= setInterval(sample, everyMs);
    // Never what keeps the process alive.
    timer.unref();
  });
  server.on('close', () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
  return { watched: () => sockets.size };
}
