import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import {
  createEmbellishmentPlayer,
  type EmbellishmentPlayer,
} from '../../../audio/embellishmentPlayer.ts';

export type CreateEmbellishmentPlayer = () => EmbellishmentPlayer;

/** The browser wiring: the app's one context, resumed inside the Play click. */
export const browserEmbellishmentPlayer: CreateEmbellishmentPlayer = () =>
  createEmbellishmentPlayer(() => sharedAudioContext().get());

/** The presets' way to their player (DESIGN habits 1 and 5). */
export function useEmbellishmentPlayer(create: CreateEmbellishmentPlayer): {
  player: EmbellishmentPlayer;
  playing: boolean;
} {
  const [player] = useState(create);
  const playing = useSyncExternalStore(player.subscribe, player.getSnapshot, () => false);
  useEffect(() => () => player.dispose(), [player]);
  return { player, playing };
}
