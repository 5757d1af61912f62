/**
 * Issue 13 item 8: the realtime socket's limits, with the `ws` client against a listening app
 * on port 0 (not injectWS: caps count TCP connections by address, and the close codes and
 * shutdown are those a real client sees). Another client is another loopback address
 * (127.0.0.2). Timeouts are options of the app, so no test waits the production 40 s.
 */
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE, REALTIME_MAX_MESSAGE_BYTES } from '../../contracts/realtimeLimits.ts';
import type { BuildOptions } from '../app.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { openRealtime, WS_OPEN, type TestSocket } from '../testing/realtimeClient.ts';

const SECRET = 'realtime-test-session-secret-0123456789abcdef';

async function listeningApp(
  env: Record<string, string>,
  realtime: BuildOptions['realtime'] = {},
): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp(env, { realtime });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { t, url: `http://127.0.0.1:${address.port}` };
}

/** A signed better-auth session cookie (src/server/auth/sessionResolver.ts) for a token. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

describe('issue 13.8: realtime frames, Origin, caps and message rate', () => {
  let t: TestApp;
  let url: string;
  const opened: TestSocket[] = [];
  const open = (options?: Parameters<typeof openRealtime>[1]) => {
    const socket = openRealtime(url, options);
    opened.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ({ t, url } = await listeningApp({
      REALTIME_MAX_CONNECTIONS: '3',
      REALTIME_MAX_CONNECTIONS_PER_CLIENT: '2',
      BETTER_AUTH_SECRET: SECRET,
    }));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.ws.terminate();
    // Slots are released when the server sees each connection close.
    await vi.waitFor(() => expect(t.app.socketLimits.open).toBe(0), { timeout: 10_000 });
  });

  it('issue 13.8: a frame over 4 KiB is closed with 1009; one of exactly 4 KiB is read', async () => {
    const fits = open();
    expect(await fits.outcome).toEqual({ kind: 'welcome' });
    const padded = JSON.stringify({ type: 'nothing', pad: '' });
    fits.ws.send(
      JSON.stringify({
        type: 'nothing',
        pad: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES - padded.length),
      }),
    );
    expect(await fits.message(1)).toEqual({ type: 'error', message: 'Unknown message type' });

    const tooBig = open();
    expect(await tooBig.outcome).toEqual({ kind: 'welcome' });
    tooBig.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES) }));
    expect((await tooBig.closed).code).toBe(REALTIME_CLOSE.tooBig);
    expect(tooBig.messages).toHaveLength(1);
  });

  it('issue 13.8: a foreign or null Origin is refused with 403; the site, or none, is let in', async () => {
    for (const origin of ['https://evil.example', 'null', `${t.config.siteUrl}.evil.example`]) {
      const outcome = await open({ headers: { origin } }).outcome;
      expect(outcome).toMatchObject({ kind: 'refused', status: 403 });
      expect(JSON.parse((outcome as { body: string }).body)).toEqual({
        error: {
          message: 'This connection must come from the site itself.',
          code: 'invalid_origin',
        },
      });
    }
    expect(await open({ headers: { origin: t.config.siteUrl } }).outcome).toEqual({
      kind: 'welcome',
    });
    // No Origin: not a browser (browsers always send one), and it could forge any.
    expect(await open().outcome).toEqual({ kind: 'welcome' });
  });

  it('issue 13.8: past the per-client cap, then the total cap, sockets are closed with 1013', async () => {
    const a1 = open();
    const a2 = open();
    expect(await a1.outcome).toEqual({ kind: 'welcome' });
    expect(await a2.outcome).toEqual({ kind: 'welcome' });
    // A third from 127.0.0.1: over its 2.
    expect(await open().outcome).toEqual({
      kind: 'closed',
      code: REALTIME_CLOSE.tryAgainLater,
      reason: 'Too many connections; try again later',
    });
    // Another client (127.0.0.2) takes the last of the 3 in all...
    expect(await open({ localAddress: '127.0.0.2' }).outcome).toEqual({ kind: 'welcome' });
    // ...so a third client is refused although it has none open.
    expect(await open({ localAddress: '127.0.0.3' }).outcome).toMatchObject({
      kind: 'closed',
      code: REALTIME_CLOSE.tryAgainLater,
    });
    expect(t.app.socketLimits.open).toBe(3);

    // A closed socket gives its slot back.
    a1.ws.close();
    await a1.closed;
    await vi.waitFor(() => expect(t.app.socketLimits.open).toBe(2), { timeout: 10_000 });
    expect(await open({ localAddress: '127.0.0.3' }).outcome).toEqual({ kind: 'welcome' });
    expect(a2.ws.readyState).toBe(WS_OPEN);
  });

  it('issue 13.8: a socket refused over the cap that then sends an over-size frame does not stop the server', async () => {
    expect(await open().outcome).toEqual({ kind: 'welcome' });
    expect(await open().outcome).toEqual({ kind: 'welcome' });
    const raw = rawUpgrade(url);
    await raw.upgraded;
    // Then it hangs up, so the test need not wait out the close timeout.
    raw.socket.end(frameHeader(1024 * 1024));
    await raw.closed;
    expect(closeCodeIn(raw.received())).toBe(REALTIME_CLOSE.tryAgainLater);
    // Still serving.
    expect(await open({ localAddress: '127.0.0.2' }).outcome).toEqual({ kind: 'welcome' });
  });

  it('issue 13.8: refused upgrades (foreign Origin, over a cap) never reach the session lookup', async () => {
    const select = vi.spyOn(t.database.db, 'select');
    // Only the session resolver's query (src/server/auth/sessionResolver.ts) selects banExpires.
    const lookups = () =>
      select.mock.calls.filter(([fields]) => fields !== undefined && 'banExpires' in fields).length;
    try {
      const cookie = sessionCookie('no-such-session-token');
      const foreign = await open({ headers: { origin: 'https://evil.example', cookie } }).outcome;
      expect(foreign).toMatchObject({ kind: 'refused', status: 403 });
      expect(lookups()).toBe(0);

      expect(await open().outcome).toEqual({ kind: 'welcome' });
      expect(await open().outcome).toEqual({ kind: 'welcome' });
      const overCap = await open({ headers: { cookie } }).outcome;
      expect(overCap).toMatchObject({ kind: 'closed', code: REALTIME_CLOSE.tryAgainLater });
      expect(lookups()).toBe(0);

      // The spy does see the lookup an admitted upgrade with that cookie makes.
      expect(await open({ headers: { cookie }, localAddress: '127.0.0.2' }).outcome).toEqual({
        kind: 'welcome',
      });
      expect(lookups()).toBe(1);
    } finally {
      select.mockRestore();
    }
  });

  it('issue 13.8: a message flood is closed with 1008; a steady client is served', async () => {
    const flood = open();
    expect(await flood.outcome).toEqual({ kind: 'welcome' });
    const sent = 500;
    for (let i = 0; i < sent; i += 1) flood.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await flood.closed).toEqual({
      code: REALTIME_CLOSE.policy,
      reason: 'Too many messages',
    });
    // The burst (40) was answered, and not much more: the rest were never handled.
    const pongs = flood.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(sent / 2);

    const steady = open();
    expect(await steady.outcome).toEqual({ kind: 'welcome' });
    for (let i = 1; i <= 30; i += 1) {
      steady.ws.send(JSON.stringify({ type: 'ping' }));
      expect((await steady.message(i)).type).toBe('pong');
    }
    expect(steady.ws.readyState).toBe(WS_OPEN);
  });
});

describe('issue 13.8: heartbeat and idle sockets', () => {
  let t: TestApp;
  let url: string;
  const heartbeatMs = 100;
  const idleTimeoutMs = 2000;

  beforeAll(async () => {
    ({ t, url } = await listeningApp({}, { heartbeatMs, idleTimeoutMs }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('issue 13.8: a socket that answers no ping is closed 1001 when idle; one that does stays, and ping still answers pong', async () => {
    const silent = openRealtime(url, { autoPong: false });
    const live = openRealtime(url);
    expect(await silent.outcome).toEqual({ kind: 'welcome' });
    expect(await live.outcome).toEqual({ kind: 'welcome' });

    // The application-level ping still answers pong.
    live.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await live.message(1)).toMatchObject({ type: 'pong' });

    expect(await silent.closed).toEqual({ code: REALTIME_CLOSE.goingAway, reason: 'Idle timeout' });
    // The silent one was pinged (and said nothing) until it was closed.
    expect(silent.pings()).toBeGreaterThan(0);
    // Opened together, the live one has been pinged through the same idle time and is open;
    // a few more pings show the server still keeps it (a closed socket is not pinged).
    const seen = live.pings();
    expect(seen).toBeGreaterThanOrEqual(silent.pings() - 1);
    await live.pingsReached(seen + 3);
    expect(live.ws.readyState).toBe(WS_OPEN);
    live.ws.close();
    await live.closed;
  });
});

describe('issue 13.8: shutdown closes every socket', () => {
  it('issue 13.8: app.close() sends 1001 to each socket and does not wait on one that never answers', async () => {
    const { t, url } = await listeningApp({}, { closeGraceMs: 300 });
    const polite = openRealtime(url);
    expect(await polite.outcome).toEqual({ kind: 'welcome' });

    // A raw client that completes the handshake and then never answers the close frame.
    const raw = rawUpgrade(url);
    await raw.upgraded;

    await t.close();
    expect(await polite.closed).toEqual({
      code: REALTIME_CLOSE.goingAway,
      reason: 'Server shutting down',
    });
    await raw.closed;
    expect(closeCodeIn(raw.received())).toBe(REALTIME_CLOSE.goingAway);
  });
});

/** A websocket handshake over a bare TCP socket, which then does only what the test writes. */
function rawUpgrade(url: string, localAddress = '127.0.0.1') {
  const port = Number(new URL(url).port);
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  let received = Buffer.alloc(0);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const upgraded = new Promise<void>((resolve, reject) =>
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!received.includes('\r\n\r\n')) return;
      if (/^HTTP\/1\.1 101 /.test(received.toString('latin1'))) resolve();
      else reject(new Error(received.toString('latin1')));
    }),
  );
  socket.on('error', () => {});
  socket.write(
    [
      'GET /api/realtime HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  return { socket, upgraded, closed, received: () => received };
}

/** The header of a masked binary frame announcing `length` bytes (RFC 6455 §5.2). */
function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x82;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header; // mask key: the last 4 bytes, zero
}

/** The status code of the first close frame (opcode 8) the server sent after its 101. */
function closeCodeIn(bytes: Buffer): number | undefined {
  let at = bytes.indexOf('\r\n\r\n') + 4;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(start);
      start += 2;
    }
    if (opcode === 8) return length >= 2 ? bytes.readUInt16BE(start) : undefined;
    at = start + length;
  }
  return undefined;
}
