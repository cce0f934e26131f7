// The yardsticks for `npm run bench`: a bare Fastify server answering {"hello":"world"} at /, and
// at /same the very bytes the catalogue list sends (brotli, read once from SAME_BODY_FILE), standing
// for the cost of moving that response with no work at all.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const same = process.env.SAME_BODY_FILE ? readFileSync(process.env.SAME_BODY_FILE) : undefined;
app.get('/', async () => ({ hello: 'world' }));
if (same) {
  app.get('/same', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(same),
  );
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
