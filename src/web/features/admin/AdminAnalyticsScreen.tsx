/**
 * Our own analytics for administrators (issue 8 part 7; spec §3 'Analytics events'): events per
 * day as a bar chart, counts per kind, the most used features and the most viewed pages.
 */
import { useState } from 'react';
import { adminRoutes } from '../../../contracts/api/adminRoutes.ts';
import { analyticsKinds, type AnalyticsSummary } from '../../../contracts/monitoring.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { EventsPerDayChart } from './EventsPerDayChart.tsx';
import { useAdminData } from './useAdminData.ts';

const ranges = [7, 30, 90] as const;
const kindNames: Record<(typeof analyticsKinds)[number], string> = {
  page_view: 'Page views',
  feature_usage: 'Feature use',
  form_submission: 'Form submissions',
  auth: 'Sign-in events',
  error: 'Errors',
};

export default function AdminAnalyticsScreen() {
  const [days, setDays] = useState<number>(30);
  const summary = useAdminData<AnalyticsSummary>(adminRoutes.analytics, { days });
  return (
    <AdminFrame title="Analytics" status={summary} onToken={summary.reload}>
      <div className="admin-tabs" role="group" aria-label="Period">
        {ranges.map((n) => (
          <button
            key={n}
            type="button"
            className={`button${n === days ? '' : ' secondary'}`}
            aria-pressed={n === days}
            onClick={() => setDays(n)}
          >
            {n} days
          </button>
        ))}
      </div>
      {summary.state === 'ready' ? (
        <>
          <h2>Events per day</h2>
          <EventsPerDayChart perDay={summary.data.perDay} />
          <h2>By kind</h2>
          <dl className="admin-kinds">
            {analyticsKinds.map((kind) => (
              <div key={kind}>
                <dt>{kindNames[kind]}</dt>
                <dd>{summary.data.byKind[kind]}</dd>
              </div>
            ))}
          </dl>
          <div className="admin-columns">
            <section>
              <h2>Top features</h2>
              {summary.data.topFeatures.length === 0 ? <p>No feature use yet.</p> : null}
              <ol className="admin-top">
                {summary.data.topFeatures.map((f) => (
                  <li key={`${f.label}/${f.action}`}>
                    <span>
                      {f.label} <span className="admin-meta">({f.action})</span>
                    </span>
                    <span>{f.count}</span>
                  </li>
                ))}
              </ol>
            </section>
            <section>
              <h2>Top pages</h2>
              {summary.data.topPages.length === 0 ? <p>No page views yet.</p> : null}
              <ol className="admin-top">
                {summary.data.topPages.map((p) => (
                  <li key={p.label}>
                    <span>{p.label}</span>
                    <span>{p.count}</span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      ) : null}
    </AdminFrame>
  );
}
