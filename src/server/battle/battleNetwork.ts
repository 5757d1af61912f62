/**
 * Picks how a Battle lobby reaches the other instances (issue 17 item 5;
 * docs/decisions/028-battle-across-instances.md): on PostgreSQL, LISTEN/NOTIFY and the
 * battle_lobby table every instance shares; on PGlite — one process, one instance — the
 * in-memory bus and directory, so the same lobby code runs either way.
 */
import type { Database } from '../db/client.ts';
import { errorSummary } from '../errorSummary.ts';
import { memoryBusHub, newInstanceId, type BattleBus } from './battleBus.ts';
import { databaseLobbyDirectory } from './databaseLobbyDirectory.ts';
import { memoryLobbyDirectory, type LobbyDirectory } from './lobbyDirectory.ts';
import { createPostgresBattleBus } from './postgresBattleBus.ts';

interface Log {
  warn(object: object, message: string): void;
}

export async function battleNetwork(
  database: Database,
  log: Log,
): Promise<{ bus: BattleBus; directory: LobbyDirectory }> {
  const onError = (err: unknown, what = 'battle bus') => log.warn({ err: errorSummary(err) }, what);
  if (database.kind === 'postgres' && database.openClient) {
    const bus = await createPostgresBattleBus({
      instanceId: newInstanceId(),
      connect: database.openClient,
      onError,
    });
    return { bus, directory: databaseLobbyDirectory(database) };
  }
  return { bus: memoryBusHub(onError).join(), directory: memoryLobbyDirectory() };
}
