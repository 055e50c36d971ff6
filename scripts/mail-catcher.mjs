// A local SMTP server that keeps what it is sent and prints each e-mail's headers and plain text:
// for a deployer trying the creator's e-mails before pointing SMTP_URL at a real relay
// (docs/mail.md), and for the mail room's tests, which also make it refuse, hang or drop the
// connection. It uses smtp-server (a development dependency), accepts any sender and recipient
// without a password, and offers no STARTTLS: it listens on this machine only.
//
//   node scripts/mail-catcher.mjs [PORT]      (2525 unless given)
import { SMTPServer } from 'smtp-server';
import { isRunDirectly } from '../server/process/run-directly.mjs';

/**
 * @typedef {'accept' | 'refuse-rcpt' | 'refuse-data' | 'hang-greeting' | 'hang-data' | 'drop-data'} CatcherBehaviour
 * @typedef {{ headers: Map<string, string>, subject: string, text: string, html: string, raw: string, to: string[] }} CaughtMail
 */

/**
 * @param {string} encoding
 * @param {string} body
 */
function decodeBody(encoding, body) {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
    return bytes.toString('utf8');
  }
  return body;
}

/** @param {string} value a header's value, with RFC 2047 encoded words */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind, text) =>
      String(kind).toLowerCase() === 'b'
        ? Buffer.from(String(text), 'base64').toString('utf8')
        : decodeBody('quoted-printable', String(text).replace(/_/g, ' ')),
    );
}

/** @param {string} part */
function splitPart(part) {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  /** @type {Map<string, string>} */
  const headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/**
 * An e-mail's headers, subject, and its text and HTML parts decoded (what nodemailer writes: one
 * part, or multipart/alternative).
 * @param {string} raw
 * @param {string[]} to
 * @returns {CaughtMail}
 */
export function readMail(raw, to) {
  const { headers, body } = splitPart(raw);
  let text = '';
  let html = '';
  /** @param {Map<string, string>} partHeaders @param {string} partBody */
  const take = (partHeaders, partBody) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    // SMTP carries lines ended by CRLF: read back as the text was written.
    const decoded = decodeBody((partHeaders.get('content-transfer-encoding') ?? '').toLowerCase(), partBody).replace(/\r\n/g, '\n');
    if (type.startsWith('text/html')) html = decoded;
    else if (type.startsWith('text/plain')) text = decoded;
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const split = splitPart(part.replace(/^\r?\n/, ''));
      take(split.headers, split.body.replace(/\r?\n$/, ''));
    }
  } else take(headers, body);
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), text, html, raw, to };
}

/**
 * @param {{ host?: string, port?: number, onMail?: (mail: CaughtMail) => void }} [options]
 */
export async function startMailCatcher({ host = '127.0.0.1', port = 0, onMail = () => undefined } = {}) {
  /** @type {CatcherBehaviour} */
  let behaviour = 'accept';
  /** @type {CaughtMail[]} */
  const mails = [];
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  /** @param {string} message @param {number} code */
  const refused = (message, code) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onConnect(_session, callback) {
      // Never greeting: a relay that accepts the connection and says nothing.
      if (behaviour !== 'hang-greeting') callback();
    },
    onRcptTo(_address, _session, callback) {
      callback(behaviour === 'refuse-rcpt' ? refused('Mailbox unavailable, try later', 550) : undefined);
    },
    onData(stream, session, callback) {
      const mode = behaviour;
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ chunk) => {
        chunks.push(chunk);
        // The connection lost in the middle of the message: nothing of it is kept.
        if (mode === 'drop-data') for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
      });
      stream.on('end', () => {
        if (mode === 'hang-data' || mode === 'drop-data') return;
        if (mode === 'refuse-data') {
          callback(refused('Message refused for now', 554));
          return;
        }
        const mail = readMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((address) => address.address),
        );
        mails.push(mail);
        onMail(mail);
        callback();
      });
    },
  });
  /** @type {import('node:net').Server} */ (/** @type {{ server: import('node:net').Server }} */ (/** @type {unknown} */ (server)).server).on(
    'connection',
    (/** @type {import('node:net').Socket} */ socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    },
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (
    /** @type {{ server: import('node:net').Server }} */ (/** @type {unknown} */ (server)).server.address()
  );
  return {
    port: address.port,
    mails,
    /** @param {CatcherBehaviour} next how the server treats what comes from now on */
    behave(next) {
      behaviour = next;
      // A hang is ended by behaving again: the connections held are cut, as a restarted relay cuts them.
      if (next === 'accept') for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
      });
    },
  };
}

if (isRunDirectly(import.meta.url)) {
  const port = Number(process.argv[2] ?? 2525);
  const catcher = await startMailCatcher({
    port,
    onMail(mail) {
      process.stdout.write(
        `--- e-mail to ${mail.to.join(', ')}\nFrom: ${mail.headers.get('from') ?? ''}\nSubject: ${mail.subject}\nMessage-ID: ${mail.headers.get('message-id') ?? ''}\n\n${mail.text}\n`,
      );
    },
  });
  process.stdout.write(`Mail catcher listening on smtp://127.0.0.1:${String(catcher.port)} (Ctrl-C stops it)\n`);
  const stop = () => void catcher.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
