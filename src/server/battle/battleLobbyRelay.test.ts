/**
 * Issue 17 item 5, the edges of playing across instances, with two lobbies in one process
 * sharing an in-memory bus and directory (the same code PostgreSQL's LISTEN/NOTIFY and
 * battle_lobby table carry; the happy paths run over real sockets on both databases in
 * src/server/routes/battleInstances.api.test.ts). The clock is the test's.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../music/random.ts';
import {
  clientMessageSchema,
  type BattleClientMessageInput,
  type BattleServerMessage,
} from '../../contracts/battle/battleProtocol.ts';
import { memoryBusHub } from './battleBus.ts';
import { createBattleLobby, lobbyMessages, RELAY_ANSWER_MS } from './battleLobby.ts';
import { memoryLobbyDirectory, type LobbyDirectory } from './lobbyDirectory.ts';
import { manualBattleClock } from './manualBattleClock.ts';
import { memoryRatingStore } from './ratingStore.ts';

const LOCAL_A = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427';
const LOCAL_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

function twoInstances(directory: LobbyDirectory = memoryLobbyDirectory()) {
  const clock = manualBattleClock(1_000);
  const hub = memoryBusHub();
  let n = 0;
  const lobby = () =>
    createBattleLobby({
      clock,
      random: seededRandom(3),
      newId: () => `id-${++n}`,
      ratings: memoryRatingStore(),
      bus: hub.join(),
      directory,
    });
  const [a, b] = [lobby(), lobby()];
  function client(on: typeof a) {
    const messages: BattleServerMessage[] = [];
    const session = on.connect({ key: `10.0.0.${++n}`, user: null, send: (m) => messages.push(m) });
    return {
      messages,
      send: (m: BattleClientMessageInput) => session.handle(clientMessageSchema.parse(m)),
      last: <T extends BattleServerMessage['type']>(type: T) =>
        messages.filter((m) => m.type === type).at(-1) as
          Extract<BattleServerMessage, { type: T }> | undefined,
    };
  }
  return { clock, a, b, client };
}

describe('issue 17.5: Battle lobbies on two instances', () => {
  it('issue 17.5: a claimed quick-match partner who left meanwhile sends the claimer back to wait at home', async () => {
    const directory = memoryLobbyDirectory();
    // The leave's removal from the shared queue loses the race with the claim.
    const racing: LobbyDirectory = { ...directory, removeQuick: async () => true };
    const { a, b, client } = twoInstances(racing);
    const host = client(a);
    const guest = client(b);
    await host.send({ type: 'quick', level: 1, localId: LOCAL_A });
    await host.send({ type: 'leave' });
    expect(a.waiting).toBe(0);
    await guest.send({ type: 'quick', level: 1, localId: LOCAL_B });
    await flush();
    expect(guest.last('match')).toBeUndefined();
    expect(guest.last('waiting')).toMatchObject({ mode: 'quick' });
    expect(b.waiting).toBe(1);
    expect(a.matches + b.matches).toBe(0);
  });

  it('issue 17.5: a room left behind by an instance that died: joining it gives up after 10 s', async () => {
    const directory = memoryLobbyDirectory();
    await directory.addRoom('ABCDE', 'deadbeef0000');
    const { clock, b, client } = twoInstances(directory);
    const guest = client(b);
    await guest.send({ type: 'join', code: 'ABCDE', localId: LOCAL_B });
    await flush();
    expect(guest.last('error')).toBeUndefined();
    clock.advance(RELAY_ANSWER_MS);
    expect(guest.last('error')).toEqual({ type: 'error', message: lobbyMessages.noRoom });
    // The player is free again on their own instance.
    await guest.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_B });
    expect(guest.last('waiting')).toMatchObject({ mode: 'room' });
  });

  it('issue 17.5: a player relayed to another instance plays there; when it stops, they get the results and their own instance takes them back', async () => {
    const { a, b, client } = twoInstances();
    const host = client(a);
    const guest = client(b);
    await host.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    await guest.send({ type: 'join', code: host.last('waiting')!.code!, localId: LOCAL_B });
    await flush();
    expect(guest.last('match')).toMatchObject({ you: 'p2' });
    expect([a.matches, b.matches]).toEqual([1, 0]);
    await a.shutdown();
    await flush();
    expect(guest.last('results')).toMatchObject({ outcome: null });
    await guest.send({ type: 'bot', level: 1, bestOf: 3, botLevel: 'beginner', localId: LOCAL_B });
    await flush();
    expect(b.matches).toBe(1);
  });
});
