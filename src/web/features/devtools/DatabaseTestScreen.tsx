import { DeveloperNote } from './DeveloperNote.tsx';
import { useConnectionTest, type BackendInfo } from './useConnectionTest.ts';
import './devPages.css';

/** Spec §8 'Leaderboard and configuration' (R-8.CONFIG-01). */
const INCOMPLETE_CONFIGURATION = 'Database configuration is incomplete';
const MISSING_VARIABLES = 'Missing environment variables';

/** The server variables that configure one environment's backend (src/server/config.ts). */
function variables(environment: string): string {
  const prefix = environment.toUpperCase();
  return `${prefix}_BACKEND_URL, ${prefix}_PUBLIC_KEY and ${prefix}_PROJECT_NAME`;
}

function BackendDetails({ backend }: { backend: BackendInfo | null }) {
  return (
    <dl className="dev-facts">
      <dt>Environment</dt>
      <dd>{backend?.environment ?? '…'}</dd>
      <dt>Backend URL</dt>
      <dd>{backend ? (backend.backendUrl ?? 'not configured') : '…'}</dd>
      <dt>Project</dt>
      <dd>{backend ? (backend.projectName ?? 'not configured') : '…'}</dd>
    </dl>
  );
}

/**
 * Developer page (spec §2.1 /database-test): tests the connection to the database by reading
 * the high-score count (spec §7), and says plainly when the configuration is missing (§8).
 */
export default function DatabaseTestScreen() {
  const { state, run } = useConnectionTest();
  const testing = state.phase === 'testing';
  return (
    <section className="page database-test">
      <h1>Database Test</h1>
      <DeveloperNote>It tests the connection to the database through the data API.</DeveloperNote>
      <div className="card">
        <BackendDetails backend={state.backend} />
        <button type="button" className="button" onClick={() => void run()} disabled={testing}>
          Run Connection Test
        </button>
        <div className="dev-section" role="status" aria-live="polite">
          {state.phase === 'testing' ? <p>Testing the connection…</p> : null}
          {state.phase === 'connected' ? (
            <>
              <p className="status-ok">
                <strong>Connected</strong>
              </p>
              <p>Rows in tblblasterhighscore: {state.count}</p>
            </>
          ) : null}
          {state.phase === 'failed' ? (
            <>
              <p className="status-error">
                <strong>Connection failed</strong>
              </p>
              <pre className="result">{state.message}</pre>
            </>
          ) : null}
          {state.phase === 'unconfigured' ? (
            <>
              <p className="status-error">
                <strong>{INCOMPLETE_CONFIGURATION}</strong>
              </p>
              <p>
                Status: <span className="status-error">{MISSING_VARIABLES}</span>
              </p>
              <p>
                Set {variables(state.backend.environment)} on the server (src/server/config.ts).
              </p>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
