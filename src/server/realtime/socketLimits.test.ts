/**
 * Issue 13 item 8: the socket limits with a hand-driven clock and a stand-in socket (DESIGN
 * habit 3, time is a parameter): caps, idle close, pongs keeping a socket, the message rate,
 * a client that does not read, and timers cancelled on close.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '../../contracts/realtimeLimits.ts';
import {
  createSocketLimits,
  SOCKET_LIMIT_DEFAULTS,
  type LimitedSocket,
  type SocketClock,
  type SocketLimitSettings,
} from './socketLimits.ts';

const settings: SocketLimitSettings = {
  ...SOCKET_LIMIT_DEFAULTS,
  maxConnections: 3,
  maxConnectionsPerClient: 2,
  heartbeatMs: 1000,
  idleTimeoutMs: 3000,
  messagesPerSecond: 10,
  messageBurst: 5,
  maxBufferedBytes: 100,
};

function manualClock() {
  let now = 0;
  const timers = new Set<{ ms: number; next: number; fn: () => void }>();
  const clock: SocketClock = {
    now: () => now,
    every(ms, fn) {
      const timer = { ms, next: now + ms, fn };
      timers.add(timer);
      return { cancel: () => timers.delete(timer) };
    },
  };
  return {
    clock,
    timers,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.fn();
      }
      now = end;
    },
  };
}

class FakeSocket extends EventEmitter implements LimitedSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closedWith: { code: number; reason: string } | null = null;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings += 1;
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  /** The connection is gone (ws emits 'close' once the TCP socket closed). */
  finish() {
    this.readyState = 3;
    this.emit('close');
  }
}

describe('issue 13.8: socket limits', () => {
  it('issue 13.8: admits up to the per-client and total caps, and a release frees a slot once', () => {
    const limits = createSocketLimits(settings, manualClock().clock);
    const a1 = limits.admit('a')!;
    expect(limits.admit('a')).not.toBeNull();
    expect(limits.admit('a')).toBeNull();
    expect(limits.admit('b')).not.toBeNull();
    expect(limits.admit('c')).toBeNull();
    expect(limits.open).toBe(3);
    a1.release();
    a1.release();
    expect(limits.open).toBe(2);
    expect(limits.admit('c')).not.toBeNull();
    expect(limits.admit('c')).toBeNull();
  });

  it('issue 13.8: pings every heartbeat, closes 1001 after idleTimeoutMs without a message or pong', () => {
    const time = manualClock();
    const limits = createSocketLimits(settings, time.clock);
    const socket = new FakeSocket();
    limits.watch(socket, limits.admit('a')!, () => {});
    time.advance(2999);
    expect(socket.pings).toBe(2);
    expect(socket.closedWith).toBeNull();
    time.advance(1);
    expect(socket.closedWith).toEqual({ code: REALTIME_CLOSE.goingAway, reason: 'Idle timeout' });
    // Closing cancelled the heartbeat; the slot is held until the connection is gone.
    expect(time.timers.size).toBe(0);
    expect(limits.open).toBe(1);
    socket.finish();
    expect(limits.open).toBe(0);
  });

  it('issue 13.8: pongs and messages keep a socket open past the idle timeout', () => {
    const time = manualClock();
    const limits = createSocketLimits(settings, time.clock);
    const socket = new FakeSocket();
    const received: string[] = [];
    limits.watch(socket, limits.admit('a')!, (data) => received.push(data.toString()));
    for (let second = 0; second < 20; second += 1) {
      time.advance(1000);
      if (second % 2 === 0) socket.emit('pong');
      else socket.emit('message', Buffer.from('{}'), false);
    }
    expect(socket.closedWith).toBeNull();
    expect(received).toHaveLength(10);
    expect(socket.pings).toBe(20);
  });

  it('issue 13.8: a burst over messageBurst is closed 1008 and the rest is not handled; the rate refills', () => {
    const time = manualClock();
    const limits = createSocketLimits(settings, time.clock);
    const flood = new FakeSocket();
    let handled = 0;
    limits.watch(flood, limits.admit('a')!, () => (handled += 1));
    for (let i = 0; i < 50; i += 1) flood.emit('message', Buffer.from('{}'), false);
    expect(handled).toBe(5);
    expect(flood.closedWith).toEqual({ code: REALTIME_CLOSE.policy, reason: 'Too many messages' });

    // 10 a second sustained is fine, for as long as it goes on.
    const steady = new FakeSocket();
    let steadyHandled = 0;
    limits.watch(steady, limits.admit('b')!, () => (steadyHandled += 1));
    for (let i = 0; i < 600; i += 1) {
      time.advance(100);
      steady.emit('message', Buffer.from('{}'), false);
    }
    expect(steadyHandled).toBe(600);
    expect(steady.closedWith).toBeNull();
    // Pings from the client count as well.
    for (let i = 0; i < 6; i += 1) steady.emit('ping');
    expect(steady.closedWith).toEqual({ code: REALTIME_CLOSE.policy, reason: 'Too many messages' });
  });

  it('issue 13.8: a client that does not read is dropped instead of queueing more', () => {
    const limits = createSocketLimits(settings, manualClock().clock);
    const socket = new FakeSocket();
    const watched = limits.watch(socket, limits.admit('a')!, () => {});
    expect(watched.send('hello')).toBe(true);
    socket.bufferedAmount = 101;
    expect(watched.send('more')).toBe(false);
    expect(socket.terminated).toBe(true);
    expect(socket.sent).toEqual(['hello']);
  });
});
