// `npm start` runs the server as a child of its launcher (scripts/start.mjs), over an IPC channel.
// The launcher passes SIGTERM and SIGINT on; but when it dies without doing so (SIGKILL, or npm
// killed and the launcher with it), the server would be left serving, reparented to PID 1 and
// holding DATA_DIR, with nothing left to stop it. The channel closes when the launcher dies,
// however it died, so the server stops then. A server started any other way (`npm run serve`,
// systemd, nohup) has no channel and is left alone.

/**
 * Calls stop when the launcher that started this process over IPC is gone; nothing without one.
 * @param {() => void} stop
 */
export function stopWithLauncher(stop) {
  if (!process.send || !process.connected) return;
  process.once('disconnect', stop);
  // The channel must not keep the server alive once it has closed its connections.
  process.channel?.unref();
}
