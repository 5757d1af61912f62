/**
 * The leaderboard screens composed with this browser's local records: the feature defines
 * what it needs (features/leaderboard/localScores.ts), app/ supplies it from the settings
 * store (src/web/storage), so no feature touches Web Storage.
 */
import { isUuidV4 } from '../../contracts/uuid.ts';
import BlasterHighScoresScreen from '../features/leaderboard/BlasterHighScoresScreen.tsx';
import LeaderBoardScreen from '../features/leaderboard/LeaderBoardScreen.tsx';
import { LocalScoresContext, type LocalScores } from '../features/leaderboard/localScores.ts';
import { keys } from '../storage/keys.ts';
import { settingsStore } from '../storage/settingsStore.ts';

let local: LocalScores | undefined;

function storedLocalScores(): LocalScores {
  if (!local) {
    const store = settingsStore();
    local = {
      // Read only: a browser that never played has no id yet, and so no scores of its own.
      localUserId: () => {
        const id = store.read(keys.userUuid);
        return isUuidV4(id) ? id : null;
      },
      bestScore: () => store.read(keys.blasterHighScore),
      level: () => store.read(keys.blasterLevel),
      subscribe: (listener) => store.subscribe(listener),
    };
  }
  return local;
}

export function LeaderBoard() {
  return (
    <LocalScoresContext.Provider value={storedLocalScores()}>
      <LeaderBoardScreen />
    </LocalScoresContext.Provider>
  );
}

export function BlasterHighScores() {
  return (
    <LocalScoresContext.Provider value={storedLocalScores()}>
      <BlasterHighScoresScreen />
    </LocalScoresContext.Provider>
  );
}
