// Listening and closing, for the public server and the admin server alike.

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<string>} the URL it listens at (the port chosen, when 0 asked for any)
 */
export function listen(server, port, host) {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: listening } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolveListen(`http://${host.includes(':') ? `[${host}]` : host}:${String(listening)}`);
    });
  });
}

/**
 * Closes a server and every connection it holds, idle or not.
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
export function closeServer(server) {
  server.closeAllConnections();
  return new Promise((resolveClose) => {
    server.close(() => {
      resolveClose();
    });
  });
}
