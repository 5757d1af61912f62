/** Issue 13 item 8: the realtime caps are configuration, validated at start like the rest. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('issue 13.8: realtime connection caps in the configuration', () => {
  it('issue 13.8: default to 1000 sockets in all and 20 per client', () => {
    const config = loadConfig({});
    expect(config.REALTIME_MAX_CONNECTIONS).toBe(1000);
    expect(config.REALTIME_MAX_CONNECTIONS_PER_CLIENT).toBe(20);
  });

  it('issue 13.8: take whole numbers from 1 up', () => {
    const config = loadConfig({
      REALTIME_MAX_CONNECTIONS: '50',
      REALTIME_MAX_CONNECTIONS_PER_CLIENT: '2',
    });
    expect(config.REALTIME_MAX_CONNECTIONS).toBe(50);
    expect(config.REALTIME_MAX_CONNECTIONS_PER_CLIENT).toBe(2);
  });

  it.each([
    ['REALTIME_MAX_CONNECTIONS', '0'],
    ['REALTIME_MAX_CONNECTIONS', 'lots'],
    ['REALTIME_MAX_CONNECTIONS_PER_CLIENT', '1.5'],
    ['REALTIME_MAX_CONNECTIONS_PER_CLIENT', '-1'],
  ])('issue 13.8: %s=%s stops the server naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
