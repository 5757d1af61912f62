import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('realtime websocket', () => {
  it('greets, answers ping with pong and rejects non-JSON', async () => {
    const received: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    const ws = await t.app.injectWS(
      '/api/realtime',
      {},
      {
        // Listen before the socket opens so the welcome message is not missed.
        onInit(socket) {
          socket.on('message', (data: Buffer) => {
            received.push(JSON.parse(data.toString()) as Record<string, unknown>);
            waiters.shift()?.();
          });
        },
      },
    );
    const message = async (index: number) => {
      while (received.length <= index) await new Promise<void>((r) => waiters.push(r));
      return received[index]!;
    };
    expect((await message(0)).type).toBe('welcome');
    ws.send(JSON.stringify({ type: 'ping' }));
    expect((await message(1)).type).toBe('pong');
    ws.send('not json');
    expect(await message(2)).toEqual({ type: 'error', message: 'Messages must be JSON' });
    ws.terminate();
  });
});
