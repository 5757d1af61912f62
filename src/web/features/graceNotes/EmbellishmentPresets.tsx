import { useEffect, useRef, useState } from 'react';
import {
  describePreset,
  embellishmentPresets,
  presetById,
  presetFamilies,
} from '../../../music/embellishmentPresets.ts';
import { fingeringOf } from '../../../music/fingering.ts';
import { noteOf } from '../../../music/notes.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import { GraceStaff } from '../../ui/notation/GraceStaff.tsx';
import {
  browserEmbellishmentPlayer,
  useEmbellishmentPlayer,
  type CreateEmbellishmentPlayer,
} from './useEmbellishmentPlayer.ts';

export interface EmbellishmentPresetsProps {
  readonly gain: number;
  readonly showFingering: boolean;
  readonly createPlayer?: CreateEmbellishmentPlayer;
  /**
   * A preset asked for by the address (`?preset=grp-LA`, the learning path's links on
   * /instruction; issue 16 item 5): shown until the piper picks another, scrolled into view.
   */
  readonly requested?: string | null;
}

/**
 * The common embellishments as presets (issue 5, beyond the spec): pick one to see it on the
 * staff with the fingering of every note in order, and hear it played slowly.
 */
export function EmbellishmentPresets({
  gain,
  showFingering,
  createPlayer = browserEmbellishmentPlayer,
  requested = null,
}: EmbellishmentPresetsProps) {
  const [chosenId, setSelectedId] = useState<string | null>(null);
  const asked = requested && presetById(requested) ? requested : null;
  const selectedId = chosenId ?? asked ?? 'dbd';
  const sectionRef = useRef<HTMLElement>(null);
  // An instant jump (no smooth scrolling), so reduced motion needs no special case.
  useEffect(() => {
    if (asked) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  const { player, playing } = useEmbellishmentPlayer(createPlayer);
  const preset = presetById(selectedId) ?? embellishmentPresets[0]!;
  const sequence = [...preset.graces, preset.melody];

  return (
    <section ref={sectionRef} className="grace-presets" aria-labelledby="grace-presets-title">
      <h2 id="grace-presets-title">Embellishments</h2>
      <div className="grace-presets__layout">
        <div className="grace-presets__families">
          {presetFamilies.map((family) => (
            <fieldset key={family} className="grace-presets__family">
              <legend>{family}</legend>
              <ul>
                {embellishmentPresets
                  .filter((p) => p.family === family)
                  .map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        className="grace-presets__chip"
                        aria-pressed={p.id === preset.id}
                        onClick={() => setSelectedId(p.id)}
                      >
                        {p.name}
                      </button>
                    </li>
                  ))}
              </ul>
            </fieldset>
          ))}
        </div>
        <div className="grace-presets__detail">
          <h3 className="grace-presets__name">{preset.name}</h3>
          <p className="grace-presets__notes" data-testid="preset-notes">
            {describePreset(preset)}
          </p>
          <div className="grace-presets__staff">
            <GraceStaff melody={preset.melody} graces={preset.graces} whenNear />
          </div>
          <button
            type="button"
            className="button"
            onClick={() =>
              player.play(
                noteOf(preset.melody).frequency,
                preset.graces.map((g) => noteOf(g).frequency),
                gain,
              )
            }
          >
            {playing ? 'Playing…' : `Play ${preset.name}`}
          </button>
          {showFingering && (
            <ol className="grace-presets__fingerings" aria-label="Fingering sequence">
              {sequence.map((p, i) => (
                <li key={`${p}-${i}`} data-melody={i === sequence.length - 1}>
                  <ChanterDiagram fingering={fingeringOf(p)} noteName={noteOf(p).name} />
                  <span>{noteOf(p).name}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
