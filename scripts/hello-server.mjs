// The yardsticks for `npm run bench`: a bare Fastify server answering {"hello":"world"} at /, at
// /same the very bytes the catalogue list sends (brotli, read once from SAME_BODY_FILE), standing
// for the cost of moving that response with no work at all, and at /same-headers those bytes with
// the very headers the list sends (security headers, ETag, caching; JSON in SAME_HEADERS_FILE).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const same = process.env.SAME_BODY_FILE ? readFileSync(process.env.SAME_BODY_FILE) : undefined;
const sameHeaders = process.env.SAME_HEADERS_FILE
  ? JSON.parse(readFileSync(process.env.SAME_HEADERS_FILE, 'utf8'))
  : undefined;
app.get('/', async () => ({ hello: 'world' }));
if (same) {
  app.get('/same', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(same),
  );
}
if (same && sameHeaders) {
  app.get('/same-headers', async (_request, reply) => reply.headers(sameHeaders).send(same));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
