/**
 * The Battle screen's bridge to its socket client (DESIGN habit 1, 5): the one place where the
 * client meets the browser (WebSocket, performance.now(), window timers, the settings store)
 * (the screen hands it the note input's controller, engine to engine: ADR 021). React reads
 * the client's snapshot with useSyncExternalStore; no note passes through an effect.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BATTLE_PATH } from '../../../contracts/battle/battleProtocol.ts';
import { keys } from '../../storage/keys.ts';
import { ensureLocalUserId } from '../../storage/localUser.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { createBattleClient, type BattleClient, type SocketLike } from './battleClient.ts';
import { INITIAL_BATTLE_VIEW, type BattleView } from './battleView.ts';

export function battleSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${BATTLE_PATH}`;
}

/** A browser WebSocket behind the client's small socket interface. */
function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    // Nothing is sent before the server's hello, but a ping or a leave may race the opening.
    send: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data);
    },
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = (event) => socket.onerror?.(event);
  return socket;
}

const clock = {
  now: () => performance.now(),
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

export interface BattleHook {
  readonly view: BattleView;
  readonly client: BattleClient;
}

export function useBattle(): BattleHook {
  const [client] = useState(() =>
    createBattleClient({
      openSocket: () => browserSocket(battleSocketUrl(window.location)),
      clock,
      identity: () => {
        const store = settingsStore();
        return {
          localId: ensureLocalUserId(store),
          initials: store.read(keys.initials),
        };
      },
    }),
  );
  const view = useSyncExternalStore(
    client.subscribe,
    client.getSnapshot,
    () => INITIAL_BATTLE_VIEW,
  );
  // Leaving the screen leaves the match (a loss mid-match) and closes the socket.
  useEffect(() => () => client.dispose(), [client]);
  return { view, client };
}
