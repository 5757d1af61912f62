// The baseline of bench/memory.bench.ts: a Fastify hello world in its own process, plain
// JavaScript (no tsx), so the ratio shows what Chanterlab adds to Node and Fastify alone.
// Every path answers the same small JSON; PORT is given by the bench.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.all('/*', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
