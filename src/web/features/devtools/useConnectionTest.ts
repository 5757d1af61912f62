/**
 * The Database Test page's state (spec §2.1 /database-test; §7 'Data access': the connection
 * test reads the count from tblblasterhighscore with limit 1; §8 'Leaderboard and
 * configuration'). Runs once on mount and again on demand.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EnvironmentName } from '../../../contracts/environments.ts';
import type { DataClient } from '../../lib/dataClient.ts';
import { getDataClient } from '../../lib/getDataClient.ts';

/** Which backend the test talks to; backendUrl is null when it is not configured. */
export interface BackendInfo {
  readonly environment: EnvironmentName;
  readonly backendUrl: string | null;
  readonly projectName: string | null;
}

export type ConnectionTestState =
  | { readonly phase: 'testing'; readonly backend: BackendInfo | null }
  | { readonly phase: 'connected'; readonly backend: BackendInfo; readonly count: number }
  | { readonly phase: 'failed'; readonly backend: BackendInfo | null; readonly message: string }
  /** Spec §8: 'Database configuration is incomplete' / 'Missing environment variables'. */
  | { readonly phase: 'unconfigured'; readonly backend: BackendInfo };

function describeBackend(client: DataClient): BackendInfo {
  const backend = client.getBackend();
  return {
    environment: client.getEnvironment(),
    backendUrl: backend?.backendUrl ?? null,
    projectName: backend?.projectName ?? null,
  };
}

export function useConnectionTest(getClient: () => Promise<DataClient> = getDataClient) {
  const [state, setState] = useState<ConnectionTestState>({ phase: 'testing', backend: null });
  // Only the latest run may set the state, so a slow earlier run never overwrites it.
  const latest = useRef(0);

  const run = useCallback(async () => {
    const id = ++latest.current;
    const update = (next: ConnectionTestState) => {
      if (latest.current === id) setState(next);
    };
    setState((previous) => ({ phase: 'testing', backend: previous.backend }));
    let client: DataClient;
    try {
      client = await getClient();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      update({
        phase: 'failed',
        backend: null,
        message: `Could not load the configuration: ${reason}`,
      });
      return;
    }
    const backend = describeBackend(client);
    if (backend.backendUrl === null) {
      update({ phase: 'unconfigured', backend });
      return;
    }
    const result = await client.testConnection();
    update(
      result.success
        ? { phase: 'connected', backend, count: result.count }
        : { phase: 'failed', backend, message: result.message },
    );
  }, [getClient]);

  useEffect(() => {
    void run();
  }, [run]);

  return { state, run };
}
