// The yardsticks for `npm run bench`: a bare Fastify server answering {"hello":"world"} at /, and
// at /sized/:bytes a fixed body of that many bytes sent as brotli, standing for the cost of moving
// a response as large as the compressed catalogue with no work at all.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bodies = new Map();
app.get('/', async () => ({ hello: 'world' }));
app.get('/sized/:bytes', async (request, reply) => {
  const size = Math.min(Number(request.params.bytes) || 0, 1_000_000);
  if (!bodies.has(size)) bodies.set(size, randomBytes(size));
  return reply.type('application/json').header('content-encoding', 'br').send(bodies.get(size));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
