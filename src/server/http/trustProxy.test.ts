import { describe, expect, it } from 'vitest';
import { trustProxyOption } from './trustProxy.ts';

describe('trustProxyOption (issue 13.7)', () => {
  it('issue 13.7: a hop count trusts that many hops, and only behind a loopback or private peer', () => {
    const trust = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(typeof trust).toBe('function');
    for (const peer of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      'fd12::1',
    ]) {
      expect(trust(peer, 0), peer).toBe(true);
    }
    // A client reaching the port directly from a public address names no client for itself.
    for (const peer of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.9']) {
      expect(trust(peer, 0), peer).toBe(false);
    }
    // The hop beyond the one proxy is the client, whatever its address.
    expect(trust('10.0.0.1', 1)).toBe(false);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect(two('127.0.0.1', 0)).toBe(true);
    expect(two('198.51.100.1', 1)).toBe(true);
    expect(two('198.51.100.2', 2)).toBe(false);
  });

  it('issue 13.7: booleans and address lists go to Fastify as they are', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(true)).toBe(true);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
