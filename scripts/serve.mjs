// `npm start`: serves dist/ on http://127.0.0.1:4173 (PORT overrides it) with a receiver for
// applications at /api/applications, the default programme's requestUrl. Each application is
// kept in memory and logged without its personal data; a repeated Idempotency-Key is
// acknowledged without storing the application twice.
import { fileURLToPath } from 'node:url';
import { createAppServer, readBody } from './app-server.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4173);
const root = fileURLToPath(new URL('../dist', import.meta.url));
const received = new Map();

const server = createAppServer({
  root,
  async api(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/api/applications')) return false;
    if (req.method !== 'PUT') {
      res.writeHead(405, { Allow: 'PUT' }).end();
      return true;
    }
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'invalid JSON' }));
      return true;
    }
    const key = req.headers['idempotency-key'] ?? `anonymous-${String(received.size + 1)}`;
    const repeated = received.has(key);
    if (!repeated) received.set(key, body);
    console.log(`${repeated ? 'repeat of' : 'received'} application ${String(key)} (${String(received.size)} in all)`);
    res.writeHead(repeated ? 200 : 201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: key }));
    return true;
  },
});

server.listen(port, host, () => {
  console.log(`Creator partnership wizard: http://${host}:${String(port)}/`);
});
