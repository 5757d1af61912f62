import { describe, expect, it } from 'vitest';
import { bandUpdateSchema } from '../../../contracts/directory/bandRoutes.ts';
import { sniffImageType } from './bandLogo.ts';
import { isListed } from './bandListing.ts';
import { publicLocation, roundDegrees } from './publicLocation.ts';

describe('issue 16.2 publicLocation', () => {
  it('issue 16.2: rounds the venue to 0.01° unless the band shows it exactly', () => {
    const row = { lat: 55.8, lon: -4.2, venue_lat: 55.86789, venue_lon: -4.25123 };
    expect(publicLocation({ ...row, exact_location: false })).toEqual({ lat: 55.87, lon: -4.25 });
    expect(publicLocation({ ...row, exact_location: true })).toEqual({
      lat: 55.86789,
      lon: -4.25123,
    });
  });
  it('issue 16.2: without a venue point the town’s point is used, rounded the same way', () => {
    const row = { lat: 55.86515, lon: -4.25763, venue_lat: null, venue_lon: null };
    expect(publicLocation({ ...row, exact_location: false })).toEqual({ lat: 55.87, lon: -4.26 });
  });
  it('issue 16.2: rounding gives clean decimals', () => {
    expect(roundDegrees(0.2851)).toBe(0.29);
    expect(roundDegrees(-33.8688)).toBe(-33.87);
    expect(String(roundDegrees(55.865))).toBe('55.87');
  });
});

describe('issue 16.1 logo type', () => {
  it('issue 16.1: decides by magic bytes, not by name', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="…">'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('issue 16.3 listing', () => {
  it('issue 16.3: listed while public and confirmed within confirmAfterDays', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isListed({ status: 'public', confirmed_at: '2025-06-02T00:00:00Z' }, now)).toBe(true);
    expect(isListed({ status: 'public', confirmed_at: '2025-06-01T00:00:00Z' }, now)).toBe(false);
    expect(isListed({ status: 'pending', confirmed_at: '2026-05-01T00:00:00Z' }, now)).toBe(false);
  });
  it('issue 16.3: an edit sends only the fields it changes (no defaults reset the rest)', () => {
    expect(bandUpdateSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
  });
});
