import { describe, expect, it } from 'vitest';
import { dataApi } from '../../contracts/data.ts';
import { backendEndpoint } from './backendEndpoint.ts';

describe('backendEndpoint', () => {
  it("R-1.ENV-05 resolves dataApi paths against the environment's API root", () => {
    expect(backendEndpoint('/api', dataApi.query('t'))).toBe('/api/data/t/query');
    expect(backendEndpoint('/api/', dataApi.rpc('f'))).toBe('/api/rpc/f');
    expect(backendEndpoint('https://staging.example.org/api', dataApi.insert('t'))).toBe(
      'https://staging.example.org/api/data/t/insert',
    );
    expect(backendEndpoint('https://example.org/chanterlab/api//', dataApi.delete('t'))).toBe(
      'https://example.org/chanterlab/api/data/t/delete',
    );
  });

  it('leaves a path outside /api as it is', () => {
    expect(backendEndpoint('/api', '/apix/y')).toBe('/api/apix/y');
    expect(backendEndpoint('/api', 'x')).toBe('/api/x');
  });
});
