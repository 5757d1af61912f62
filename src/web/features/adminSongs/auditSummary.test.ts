import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contracts/library/curationRoutes.ts';
import { auditSummary } from './auditSummary.ts';

const entry = (action: string, detail: Record<string, unknown> | null): AuditEntry => ({
  id: 1,
  actorId: null,
  actorLabel: 'admin token',
  action,
  targetKind: 'tune',
  targetId: '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4',
  detail,
  createdAt: '2026-11-03T10:00:00.000Z',
});

describe('auditSummary', () => {
  it('issue 15.8: says what each curation action did, from the detail the server wrote', () => {
    expect(auditSummary(entry('approve', { title: 'A' }))).toBe('Approved a setting of “A”');
    expect(auditSummary(entry('reject', { title: 'A', reason: 'No.' }))).toBe(
      'Rejected a setting of “A”: No.',
    );
    expect(auditSummary(entry('edit', { title: 'A', changed: ['title', 'type'] }))).toBe(
      'Edited “A” (title, type)',
    );
    expect(auditSummary(entry('merge', { title: 'A', intoTitle: 'B', moved: ['x', 'y'] }))).toBe(
      'Merged “A” into “B” (2 settings moved)',
    );
    expect(auditSummary(entry('feature', { title: 'A' }))).toBe('Featured “A”');
    expect(auditSummary(entry('unfeature', { title: 'A' }))).toBe('Stopped featuring “A”');
    expect(auditSummary(entry('report-upheld', { title: 'A', kind: 'copyright' }))).toBe(
      'Upheld a copyright report on “A”',
    );
    expect(auditSummary(entry('report-dismissed', { title: 'A' }))).toBe(
      'Dismissed a report on “A”',
    );
    expect(auditSummary(entry('approve', null))).toBe('Approved a setting of tune 0b6f1c2e');
  });
});
