import { DeveloperNote } from './DeveloperNote.tsx';
import { HELLO_URL } from './callHello.ts';
import { useHello } from './useHello.ts';
import './devPages.css';

/**
 * Developer page (spec §2.1 /directfunctiontest, §7 'Developer test'): calls the server's
 * `hello` function and shows its JSON, or the error.
 */
export default function DirectFunctionTestScreen() {
  const { state, run } = useHello();
  return (
    <section className="page direct-function-test">
      <h1>Direct Function Test</h1>
      <DeveloperNote>
        It calls the server function <code>hello</code> (GET {HELLO_URL}).
      </DeveloperNote>
      <div className="card">
        <button
          type="button"
          className="button"
          onClick={() => void run()}
          disabled={state.phase === 'calling'}
        >
          Call hello
        </button>
        <div className="dev-section" role="status" aria-live="polite">
          {state.phase === 'calling' ? <p>Calling hello…</p> : null}
          {state.phase === 'done' ? (
            <>
              <p className="status-ok">
                <strong>hello answered</strong>
              </p>
              <pre className="result">{JSON.stringify(state.data, null, 2)}</pre>
            </>
          ) : null}
          {state.phase === 'failed' ? (
            <>
              <p className="status-error">
                <strong>The call failed</strong>
              </p>
              <pre className="result">{state.message}</pre>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
