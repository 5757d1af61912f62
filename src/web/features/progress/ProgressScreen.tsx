import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { practiceToolNames } from '../../../contracts/progress/practiceRecord.ts';
import { paths } from '../../../contracts/routes.ts';
import { dateText } from '../../../music/progress/practiceDays.ts';
import { MIN_TREND_POINTS, type Trend } from '../../../music/progress/practiceTrends.ts';
import { downloadText } from '../../lib/downloadText.ts';
import { syncStatus, type SyncState } from '../../lib/practiceSyncStatus.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { keys } from '../../storage/keys.ts';
import { noticeText } from '../../storage/practiceHistory.ts';
import { practiceHistory } from '../../storage/practiceStore.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';
import { ChartTable } from './ChartTable.tsx';
import { HeatMap } from './HeatMap.tsx';
import { practiceCsv, practiceJson } from './practiceExport.ts';
import { browserOffset, CHART_WEEKS, progressModel } from './progressModel.ts';
import { UplotChart } from './UplotChart.tsx';
import { usePracticeHistory } from './usePracticeHistory.ts';
import './progress.css';

export const FEW_SESSIONS = 'Play a few more sessions to see a trend.';
const NAVY = '#14325c';
const RED = '#9b1c2c';
const CHART_HEIGHT = 200;

const percent = (v: number) => `${Math.round(v * 100)}%`;
const minutesText = (v: number) => `${Math.round(v)} min`;
const noon = (day: number) => (day + 0.5) * 86_400;
const dateOf = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { dateStyle: 'medium' });

/**
 * Progress (/progress; issue 18 item 3): the piper's own practice, from the history every tool
 * records on this device (and, signed in, the account's other devices). The prerendered frame
 * has every box at its final size; the history is read from IndexedDB after hydration.
 */
export default function ProgressScreen() {
  const titleId = useId();
  const history = usePracticeHistory();
  const auth = useAuthSnapshot();
  const sync = useSyncExternalStore(syncStatus.subscribe, syncStatus.getSnapshot, () => ({
    kind: 'idle' as const,
  }));
  const [goal, setGoal] = useStoredValue(keys.weeklyGoalMinutes);
  const [message, setMessage] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const model = useMemo(
    () => progressModel(history.records, now, goal, browserOffset),
    [history.records, now, goal],
  );
  // Stable props: the chart is rebuilt only when its numbers change, not on every sync tick.
  const weekX = useMemo(() => model.weeks.map((w) => noon(w.monday)), [model.weeks]);
  const weekSeries = useMemo(
    () => [
      {
        label: 'Minutes',
        color: NAVY,
        bars: true,
        values: model.weeks.map((w) => Math.round(w.minutes)),
      },
      { label: 'Goal', color: RED, dash: [6, 4], values: model.weeks.map(() => goal) },
    ],
    [model.weeks, goal],
  );
  const userId = auth.user?.id ?? null;
  const empty = history.loaded && history.records.length === 0;

  async function deleteAll() {
    const where = userId ? 'on this device and in your account' : 'on this device';
    if (!window.confirm(`Delete all your practice history ${where}? This cannot be undone.`))
      return;
    const { deleteAllPractice } = await import('../../lib/practiceSync.ts');
    const problem = await deleteAllPractice(userId);
    setMessage(
      problem
        ? `Deleted on this device. The copy in your account could not be deleted: ${problem.message} Try again when you are online.`
        : `All your practice history ${where} is deleted.`,
    );
  }

  const stamp = dateText(model.today);
  return (
    <section className="page progress" aria-labelledby={titleId}>
      <h1 id={titleId}>Progress</h1>
      <p className="progress-lead">
        Every session of every tool is kept in this browser
        {userId ? ' and synced to your account' : ''}.{' '}
        {/* Shown while the session is unknown too (the prerendered frame): no shift for the
            signed-out visitor (issue 21: CLS). */}
        {!userId && (
          <>
            <Link to={`${paths.auth}?redirect=${encodeURIComponent(paths.progress)}`}>Sign in</Link>{' '}
            to keep it on all your devices.
          </>
        )}
      </p>
      <p className="progress-status" role="status">
        {!history.loaded
          ? 'Reading your practice history…'
          : empty
            ? 'No practice recorded yet: every tool records here.'
            : `${model.sessions.toLocaleString('en-GB')} ${model.sessions === 1 ? 'session' : 'sessions'} recorded.${
                userId ? ` ${syncWords(sync, history.unsynced)}` : ''
              }`}
      </p>
      {history.notice && (
        <p className="progress-notice" role="alert">
          {noticeText(history.notice)}{' '}
          <button
            type="button"
            className="button secondary"
            onClick={() => practiceHistory().dismissNotice()}
          >
            OK
          </button>
        </p>
      )}

      <div className="progress-summary">
        <div className="card progress-stat">
          <span className="progress-stat-value">{model.streak.current}</span>
          <span className="progress-stat-label">
            day streak
            {model.streak.best > model.streak.current ? ` (best ${model.streak.best})` : ''}
          </span>
          <span className="progress-hint">
            {model.streak.frozen.length > 0
              ? `Kept by a freeze on ${model.streak.frozen.map(dateText).join(', ')}.`
              : model.streak.freezeLeft
                ? 'One missed day a week is forgiven.'
                : "This week's freeze is used."}
          </span>
        </div>
        <div className="card progress-stat">
          <span className="progress-stat-value">{Math.round(model.minutesThisWeek)}</span>
          <span className="progress-stat-label">minutes this week</span>
          <span className="progress-hint">
            {goal > 0 ? `Goal: ${goal} minutes a week.` : 'No weekly goal set.'}
          </span>
        </div>
      </div>

      <section className="card progress-card" aria-labelledby="progress-calendar">
        <h2 id="progress-calendar">Practice this year</h2>
        <HeatMap
          cells={model.heat}
          label={`Practice minutes per day for the year to ${stamp}: ${Math.round(
            model.heat.reduce((a, c) => a + c.minutes, 0),
          )} minutes on ${model.heat.filter((c) => c.minutes > 0).length} days.`}
        />
        <p className="progress-legend" aria-hidden="true">
          Less <span className="heat-key heat-0" /> <span className="heat-key heat-1" />{' '}
          <span className="heat-key heat-2" /> <span className="heat-key heat-3" />{' '}
          <span className="heat-key heat-4" /> More
        </p>
        <ChartTable
          caption="Practice per month"
          head={['Month', 'Days practised', 'Minutes']}
          rows={monthRows(model.heat)}
        />
      </section>

      <section className="card progress-card" aria-labelledby="progress-weeks">
        <h2 id="progress-weeks">Minutes per week</h2>
        <label className="progress-goal">
          Weekly goal (minutes){' '}
          <input
            type="number"
            min={0}
            max={10080}
            step={5}
            inputMode="numeric"
            value={goal}
            onChange={(e) => {
              const v = Math.round(Number(e.target.value));
              if (Number.isFinite(v) && v >= 0 && v <= 10_080) setGoal(v);
            }}
          />
        </label>
        {history.loaded && !empty ? (
          <UplotChart
            label={`Minutes per week for the last ${CHART_WEEKS} weeks against a goal of ${goal} minutes`}
            x={weekX}
            height={CHART_HEIGHT}
            yFormat={minutesText}
            series={weekSeries}
          />
        ) : (
          <ChartPlaceholder height={CHART_HEIGHT} loaded={history.loaded} />
        )}
        <p className="progress-chart-key" aria-hidden="true">
          <span className="key-bar" />
          Minutes practised
          <span className="key-goal" />
          Goal
        </p>
        <ChartTable
          caption={`Minutes per week (goal ${goal})`}
          head={['Week of', 'Minutes', 'Goal met']}
          rows={model.weeks.map((w) => [
            dateText(w.monday),
            Math.round(w.minutes),
            w.metGoal ? 'yes' : 'no',
          ])}
        />
      </section>

      <section className="card progress-card" aria-labelledby="progress-next">
        <h2 id="progress-next">Practise next</h2>
        <p className="progress-hint">
          Chosen by spaced repetition (FSRS) from your Play Along and Flash Cards results: what you
          are most likely to have forgotten comes first.
        </p>
        {model.due.length === 0 ? (
          <p className="progress-empty">
            {history.loaded && model.sessions > 0
              ? 'Nothing is due: well done. Come back tomorrow.'
              : 'Play Along runs and Flash Cards quizzes build this list.'}
          </p>
        ) : (
          <ol className="progress-due">
            {model.due.map((d) => (
              <li key={`${d.kind}:${d.key}`}>
                <span className="progress-due-kind">{kindWords[d.kind]}</span>{' '}
                <strong>{d.label}</strong>{' '}
                <span className="progress-hint">
                  last {percent(d.lastScore)} · {d.reviews} {d.reviews === 1 ? 'review' : 'reviews'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <TrendCard
        id="progress-tunes"
        title="Accuracy per tune"
        choose="Tune"
        trends={model.tunes}
        loaded={history.loaded}
      />
      <TrendCard
        id="progress-families"
        title="Accuracy per embellishment"
        choose="Embellishment"
        trends={model.families}
        loaded={history.loaded}
      />

      <section className="card progress-card" aria-labelledby="progress-tempo">
        <h2 id="progress-tempo">Tempo reached per tune</h2>
        {model.tempos.length === 0 ? (
          <p className="progress-empty">
            Play a tune in Play Along or Sheet Music to see its tempo here.
          </p>
        ) : (
          <div className="progress-table-scroll">
            <table className="progress-tempo">
              <caption className="progress-hint">Crotchets per minute</caption>
              <thead>
                <tr>
                  <th scope="col">Tune</th>
                  <th scope="col">Fastest</th>
                  <th scope="col">Latest</th>
                  <th scope="col">Sessions</th>
                </tr>
              </thead>
              <tbody>
                {model.tempos.map((t) => (
                  <tr key={t.key}>
                    <th scope="row">{t.label}</th>
                    <td>
                      {t.best} <span className="progress-hint">({dateOf(t.at)})</span>
                    </td>
                    <td>{t.latest}</td>
                    <td>{t.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card progress-card" aria-labelledby="progress-data">
        <h2 id="progress-data">Your practice data</h2>
        <div className="progress-actions">
          <button
            type="button"
            className="button secondary"
            disabled={!history.loaded || empty}
            onClick={() =>
              downloadText(
                `chanterlab-practice-${stamp}.csv`,
                practiceCsv(history.records),
                'text/csv;charset=utf-8',
              )
            }
          >
            Export as CSV
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={!history.loaded || empty}
            onClick={() =>
              downloadText(
                `chanterlab-practice-${stamp}.json`,
                practiceJson(history.records),
                'application/json',
              )
            }
          >
            Export as JSON
          </button>
          {userId && (
            <button
              type="button"
              className="button secondary"
              disabled={sync.kind === 'syncing'}
              onClick={() =>
                void import('../../lib/practiceSync.ts').then((m) => m.syncPractice(userId))
              }
            >
              Sync now
            </button>
          )}
          <button
            type="button"
            className="button progress-delete"
            disabled={!history.loaded}
            onClick={() => void deleteAll()}
          >
            Delete all my practice history
          </button>
        </div>
        <p className="progress-hint" role="status">
          {message ??
            `The files hold every session: ${Object.values(practiceToolNames).join(', ')}. Deleting cannot be undone.`}
        </p>
      </section>
    </section>
  );
}

const kindWords = { tune: 'Tune', embellishment: 'Embellishment', note: 'Note' } as const;

function syncWords(sync: SyncState, unsynced: number): string {
  if (sync.kind === 'syncing') return 'Syncing…';
  if (sync.kind === 'failed')
    return `Not synced yet (${sync.message}); ${unsynced} waiting, kept on this device.`;
  if (unsynced > 0) return `${unsynced} waiting to sync.`;
  return sync.kind === 'synced' ? 'All synced to your account.' : '';
}

function ChartPlaceholder({ height, loaded }: { height: number; loaded: boolean }) {
  return (
    <div className="progress-chart progress-chart-empty" style={{ minHeight: height }}>
      <p className="progress-empty">{loaded ? FEW_SESSIONS : ' '}</p>
    </div>
  );
}

function TrendCard({
  id,
  title,
  choose,
  trends,
  loaded,
}: {
  id: string;
  title: string;
  choose: string;
  trends: readonly Trend[];
  loaded: boolean;
}) {
  const selectId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const trend = trends.find((t) => t.key === picked) ?? trends[0] ?? null;
  const enough = trend !== null && trend.points.length >= MIN_TREND_POINTS;
  const x = useMemo(() => trend?.points.map((p) => p.at / 1000) ?? [], [trend]);
  const series = useMemo(
    () => [{ label: 'Accuracy', color: NAVY, values: trend?.points.map((p) => p.accuracy) ?? [] }],
    [trend],
  );
  return (
    <section className="card progress-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <label className="progress-pick" htmlFor={selectId}>
        {choose}{' '}
        <select
          id={selectId}
          value={trend?.key ?? ''}
          disabled={trends.length === 0}
          onChange={(e) => setPicked(e.target.value)}
        >
          {trends.length === 0 && <option value="">None yet</option>}
          {trends.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {enough ? (
        <UplotChart
          label={`${title}: ${trend.label}, ${trend.points.length} sessions`}
          x={x}
          series={series}
          height={CHART_HEIGHT}
          yMax={1}
          yFormat={percent}
        />
      ) : (
        <ChartPlaceholder height={CHART_HEIGHT} loaded={loaded} />
      )}
      <ChartTable
        caption={trend ? `${title}: ${trend.label}` : title}
        head={['Date', 'Accuracy']}
        rows={(trend?.points ?? []).map((p) => [dateOf(p.at), percent(p.accuracy)])}
      />
    </section>
  );
}

function monthRows(cells: readonly { day: number; minutes: number; future: boolean }[]) {
  const months = new Map<string, { days: number; minutes: number }>();
  for (const c of cells) {
    if (c.future) continue;
    const month = dateText(c.day).slice(0, 7);
    const m = months.get(month) ?? { days: 0, minutes: 0 };
    if (c.minutes > 0) {
      m.days++;
      m.minutes += c.minutes;
    }
    months.set(month, m);
  }
  return [...months].map(([month, m]) => [month, m.days, Math.round(m.minutes)]);
}
