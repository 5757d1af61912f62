import { describe, expect, it } from 'vitest';
import { practiceRecordSchema } from '../src/contracts/progress/practiceRecord.ts';
import { fiveYears } from './historyData.ts';

describe('bench:history data (issue 18 Measured)', () => {
  it('issue 18: five years of about 10,000 valid, distinct, seeded sessions', () => {
    const end = Date.UTC(2026, 10, 25);
    const records = fiveYears(10_000, end);
    expect(records).toHaveLength(10_000);
    expect(new Set(records.map((r) => r.id)).size).toBe(10_000);
    for (const r of records) expect(practiceRecordSchema.safeParse(r).success, r.id).toBe(true);
    expect(records[0]!.startedAt).toBeLessThan(end - 4.9 * 365 * 86_400_000);
    expect(fiveYears(10_000, end)).toEqual(records);
  });
});
