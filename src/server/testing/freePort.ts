/**
 * A loopback port nobody listens on at this moment: tests and benchmarks start a server process
 * there (or use it as a port that refuses connections). Another process may still take it
 * before the caller listens; callers that start servers say what they do about that.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
