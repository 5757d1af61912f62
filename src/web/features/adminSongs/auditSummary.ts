/**
 * One line for an audit log entry (issue 15 item 8: 'an audit log of who did what'), from the
 * detail the server wrote with it (src/server/services/library/curationService.ts).
 */
import type { AuditEntry } from '../../../contracts/library/curationRoutes.ts';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const quoted = (value: unknown, fallback: string) => {
  const text = str(value);
  return text ? `“${text}”` : fallback;
};

export function auditSummary(entry: AuditEntry): string {
  const d = entry.detail ?? {};
  const title = quoted(d.title, `${entry.targetKind} ${entry.targetId.slice(0, 8)}`);
  switch (entry.action) {
    case 'approve':
      return `Approved a setting of ${title}`;
    case 'reject':
      return `Rejected a setting of ${title}${str(d.reason) ? `: ${str(d.reason)}` : ''}`;
    case 'edit': {
      const changed = Array.isArray(d.changed) ? d.changed.map(String) : [];
      return `Edited ${title}${changed.length ? ` (${changed.join(', ')})` : ' (no change)'}`;
    }
    case 'merge': {
      const moved = Array.isArray(d.moved) ? d.moved.length : 0;
      return `Merged ${title} into ${quoted(d.intoTitle, 'another tune')} (${moved} ${moved === 1 ? 'setting' : 'settings'} moved)`;
    }
    case 'feature':
      return `Featured ${title}`;
    case 'unfeature':
      return `Stopped featuring ${title}`;
    case 'report-upheld':
      return `Upheld a ${str(d.kind) ?? ''} report on ${title}`.replace('a  report', 'a report');
    case 'report-dismissed':
      return `Dismissed a ${str(d.kind) ?? ''} report on ${title}`.replace('a  report', 'a report');
    default:
      return `${entry.action} ${title}`;
  }
}
