/**
 * Changes a piper makes to a composed tune on /aisheetnovel (issue 19 item 2): regenerate one
 * bar or one part keeping the rest, transpose a run of bars up or down the scale, change one
 * note. Each returns a new composition (the old one is the undo step) and leaves every other bar
 * exactly as it was — only the first embellishment after a change is re-chosen if the change
 * made it illegal (a G gracenote cannot follow a new High G).
 */
import { pitches, scaleIndex, type Pitch } from '../notes.ts';
import { composeBar, echoesLibrary, fitAfter, lastPitch, pitchBeforeLast } from './composeTune.ts';
import { isLegalEmbellishment } from './embellishmentRules.ts';
import { defaultEngine } from './composerEngine.ts';
import {
  notesOfBar,
  WRITABLE_TICKS,
  type ComposedBar,
  type ComposedNote,
  type Composition,
} from './composition.ts';

/** The bar before (part, bar): the pickup before the tune's first bar (pickupBar.ts). */
function previousBar(composition: Composition, part: number, bar: number) {
  return bar > 0
    ? composition.parts[part]![bar - 1]
    : part > 0
      ? composition.parts[part - 1]!.at(-1)
      : composition.pickup;
}

function prevOf(composition: Composition, part: number, bar: number): Pitch | null {
  return lastPitch(previousBar(composition, part, bar));
}

/** The note before the bar's previous note (for the second-order melody), null when unknown. */
function beforeOf(composition: Composition, part: number, bar: number): Pitch | null {
  const previous = previousBar(composition, part, bar);
  return previous && notesOfBar(previous).length > 1 ? pitchBeforeLast(previous) : null;
}

function nextPlace(composition: Composition, part: number, bar: number) {
  if (bar + 1 < composition.parts[part]!.length) return { part, bar: bar + 1 };
  if (part + 1 < composition.parts.length) return { part: part + 1, bar: 0 };
  return null;
}

/** The first note of the bar after, which a regenerated bar leads into (bridgeTo.ts). */
function nextOf(composition: Composition, part: number, bar: number): Pitch | null {
  const place = nextPlace(composition, part, bar);
  const after = place ? composition.parts[place.part]![place.bar] : undefined;
  return after ? (notesOfBar(after)[0]?.pitch ?? null) : null;
}

function withBar(
  composition: Composition,
  part: number,
  bar: number,
  value: ComposedBar,
  variant?: number,
): Composition {
  return {
    ...composition,
    parts: composition.parts.map((bars, p) =>
      p === part ? bars.map((b, i) => (i === bar ? value : b)) : bars,
    ),
    variants: composition.variants.map((vs, p) =>
      p === part && variant !== undefined ? vs.map((v, i) => (i === bar ? variant : v)) : vs,
    ),
  };
}

/** Keeps the bar after (part, bar) legal after its predecessor changed. */
function refitNext(composition: Composition, part: number, bar: number): Composition {
  const next = nextPlace(composition, part, bar);
  if (!next) return composition;
  const before = composition.parts[next.part]![next.bar]!;
  const after = fitAfter(before, lastPitch(composition.parts[part]![bar]), composition.options, [
    next.part,
    next.bar,
  ]);
  return after === before ? composition : withBar(composition, next.part, next.bar, after);
}

/** Whether the bar after (part, bar) would stay as it is after `last`. */
function nextStaysLegal(
  composition: Composition,
  part: number,
  bar: number,
  last: Pitch | null,
): boolean {
  const next = nextPlace(composition, part, bar);
  if (!next) return true;
  const first = composition.parts[next.part]![next.bar]!.beats[0]![0]!;
  return first.embellishment === null
    ? first.pitch !== last
    : isLegalEmbellishment(first.embellishment, last, first.pitch);
}

/** A new version of one bar (same role, rhythm family and cadence), the rest untouched. */
export function regenerateBar(composition: Composition, part: number, bar: number): Composition {
  const prev = prevOf(composition, part, bar);
  let variant = composition.variants[part]![bar]!;
  let fresh: { bar: ComposedBar; variant: number } | null = null;
  const previous = previousBar(composition, part, bar);
  // Prefer a version that repeats no library run and whose last note keeps the next bar's
  // first embellishment legal.
  for (let attempt = 0; attempt < 24; attempt++) {
    variant += 1;
    const candidate = composeBar(
      composition.options,
      composition.plan,
      part,
      bar,
      prev,
      variant,
      undefined,
      beforeOf(composition, part, bar),
      defaultEngine,
      nextOf(composition, part, bar),
    );
    if (echoesLibrary(previous, candidate)) continue;
    fresh ??= { bar: candidate, variant };
    if (nextStaysLegal(composition, part, bar, lastPitch(candidate))) {
      fresh = { bar: candidate, variant };
      break;
    }
  }
  fresh ??= {
    bar: composeBar(composition.options, composition.plan, part, bar, prev, variant),
    variant,
  };
  return refitNext(withBar(composition, part, bar, fresh.bar, fresh.variant), part, bar);
}

/** A new version of every bar of one part, the other parts untouched. */
export function regeneratePart(composition: Composition, part: number): Composition {
  let out = composition;
  for (let bar = 0; bar < composition.parts[part]!.length; bar++)
    out = regenerateBar(out, part, bar);
  return out;
}

/** Moves bars `from`…`to` of a part up (+) or down (−) the chanter's scale, clamped to its nine notes. */
export function transposeBars(
  composition: Composition,
  part: number,
  from: number,
  to: number,
  steps: number,
): Composition {
  let out = composition;
  for (let bar = from; bar <= to; bar++) {
    const source = out.parts[part]![bar]!;
    const prev = prevOf(out, part, bar);
    let last = prev;
    const beats = source.beats.map((beat) =>
      beat.map((note): ComposedNote => {
        const index = Math.min(8, Math.max(0, scaleIndex(note.pitch) + steps));
        const pitch = pitches[index]!;
        const keep = note.embellishment && isLegalEmbellishment(note.embellishment, last, pitch);
        // An embellishment that no longer fits goes; equal neighbours get a G or thumb gracenote.
        const embellishment = keep
          ? note.embellishment
          : last === pitch
            ? pitch === 'HA'
              ? 'dbha'
              : pitch === 'HG'
                ? 'tg'
                : 'gg'
            : null;
        last = pitch;
        return { ...note, pitch, embellishment };
      }),
    );
    out = withBar(out, part, bar, { beats });
  }
  return refitNext(out, part, to);
}

/** Changes one note's pitch and/or embellishment (null removes it), if the result is legal. */
export function editNote(
  composition: Composition,
  part: number,
  bar: number,
  index: number,
  change: { pitch?: Pitch; embellishment?: string | null },
): Composition {
  const source = composition.parts[part]![bar]!;
  const notes = notesOfBar(source);
  const note = notes[index];
  if (!note) throw new RangeError(`no note ${index} in bar ${bar + 1}`);
  const prev = index > 0 ? notes[index - 1]!.pitch : prevOf(composition, part, bar);
  const pitch = change.pitch ?? note.pitch;
  let embellishment =
    change.embellishment === undefined ? note.embellishment : change.embellishment;
  if (embellishment && !isLegalEmbellishment(embellishment, prev, pitch)) embellishment = null;
  if (embellishment === null && prev === pitch)
    embellishment = pitch === 'HA' ? 'dbha' : pitch === 'HG' ? 'tg' : 'gg';
  let seen = 0;
  const beats = source.beats.map((beat) =>
    beat.map((n) => (seen++ === index ? { ...n, pitch, embellishment } : n)),
  );
  let out = withBar(composition, part, bar, { beats });
  // The note after the edited one, inside the bar, may need its embellishment re-fitted.
  const following = notes[index + 1];
  if (following) {
    const ok = following.embellishment
      ? isLegalEmbellishment(following.embellishment, pitch, following.pitch)
      : following.pitch !== pitch;
    if (!ok) {
      out = editNote(out, part, bar, index + 1, { embellishment: null });
    }
  } else {
    out = refitNext(out, part, bar);
  }
  return out;
}

export { WRITABLE_TICKS } from './composition.ts';

/**
 * Changes one note's length (issue 19 item 2 'edit a note'), keeping the bar's length: the
 * next note in the same beat (else the one before it) gives or takes the difference, so a
 * dotted pair becomes even quavers or a Scotch snap. Unchanged when the beat has no
 * neighbour that can take it (a lone crotchet) or a length would not be writable.
 */
export function editNoteLength(
  composition: Composition,
  part: number,
  bar: number,
  index: number,
  ticks: number,
): Composition {
  const source = composition.parts[part]![bar]!;
  let start = 0;
  for (const [b, beat] of source.beats.entries()) {
    if (index >= start + beat.length) {
      start += beat.length;
      continue;
    }
    const at = index - start;
    const note = beat[at]!;
    const other = at + 1 < beat.length ? at + 1 : at - 1;
    const neighbour = beat[other];
    if (!neighbour || ticks === note.ticks) return composition;
    const rest = neighbour.ticks - (ticks - note.ticks);
    if (!WRITABLE_TICKS.includes(ticks) || !WRITABLE_TICKS.includes(rest)) return composition;
    const changed = beat.map((n, i) =>
      i === at ? { ...n, ticks } : i === other ? { ...n, ticks: rest } : n,
    );
    return withBar(composition, part, bar, {
      beats: source.beats.map((x, i) => (i === b ? changed : x)),
    });
  }
  throw new RangeError(`no note ${index} in bar ${bar + 1}`);
}
