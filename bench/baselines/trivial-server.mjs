// Baseline for the load benchmark: fastify with a route that answers a constant JSON object,
// on the same paths as the service, so the only difference is the service's own work.
import Fastify from 'fastify';

const app = Fastify({ logger: false, forceCloseConnections: true });
const body = { id: '00000000-0000-4000-8000-000000000000', amount: 7900, currency: 'usd' };
app.get('/v1/orders/', async () => body);
app.get('/v1/orders/:id', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}` })}\n`,
);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close());
