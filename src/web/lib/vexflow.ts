/**
 * Our one wrapper around VexFlow (DESIGN 'lib/: our one wrapper around each third-party
 * client'). VexFlow does not tree-shake (1.1 MB with its bundled fonts), so it is loaded
 * lazily, only by screens that draw notation (spec §2.3 'Music notation wrapper', R-7.ASSETS-06):
 * `vexflow/core` (no fonts) plus ONE music font that we serve ourselves from our own origin.
 *
 * The font comes from node_modules at build time: Vite's `?raw` import turns VexFlow's font
 * module into a lazily loaded chunk of our build, and we hand its bytes to the FontFace API.
 * Nothing is fetched from a CDN (VexFlow's `Font.load` default), so notation works offline and
 * under our Content-Security-Policy (`font-src 'self'`: binary FontFace data needs no fetch).
 */
import type * as VexFlowCore from 'vexflow/core';

export type VexFlowApi = typeof VexFlowCore;

/** The music font we serve. Gonville: a complete SMuFL set for what pipe music needs, ~23 KB. */
export const MUSIC_FONT = 'Gonville';

/** Text (tuplet numbers, ending labels) falls back to the system's sans-serif. */
const TEXT_FONT = 'sans-serif';

/** Which half failed, so the wrapper can say which message applies (spec §8 'Music notation'). */
export class NotationLoadError extends Error {
  constructor(
    readonly part: 'library' | 'font',
    override readonly cause: unknown,
  ) {
    super(
      `${part === 'library' ? 'VexFlow' : 'music font'} failed to load: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
    this.name = 'NotationLoadError';
  }
}

/** Pulls the base64 WOFF2 bytes out of VexFlow's font module source (`export const X = 'data:…'`). */
export function fontBytesFromModule(source: string): Uint8Array<ArrayBuffer> {
  const match = /data:font\/woff2;charset=utf-8;base64,([A-Za-z0-9+/=]+)/.exec(source);
  if (!match?.[1]) throw new Error('No WOFF2 data in the music font module');
  const binary = atob(match[1]);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function loadFont(): Promise<void> {
  const { default: source } =
    await import('../../../node_modules/vexflow/build/esm/src/fonts/gonville.js?raw');
  const face = new FontFace(MUSIC_FONT, fontBytesFromModule(source), { display: 'block' });
  document.fonts.add(face);
  await face.load();
}

/**
 * Gonville has no SMuFL tuplet digits (U+E880…), so triplet numbers would print as empty boxes.
 * They are set in an italic text face instead, as printed pipe music shows its '3' (VexFlow
 * writes the SMuFL code points, which ./ui/notation/drawScore.ts turns into digits).
 */
function textTupletNumbers(vf: VexFlowApi): void {
  const defaults = vf.MetricsDefaults as Record<string, unknown>;
  defaults.Tuplet = {
    ...(defaults.Tuplet as object),
    fontFamily: 'serif',
    fontSize: 11,
    fontStyle: 'italic',
    fontWeight: 'bold',
  };
  vf.Metrics.clear();
}

/** SMuFL tuplet digits U+E880–E889 as plain digits. */
export function tupletDigits(text: string): string {
  return text.replace(/[\uE880-\uE889]/g, (c) => String(c.charCodeAt(0) - 0xe880));
}

/** The fields VexFlow's Element.measureText fills in (plain JS properties at run time). */
interface MeasuredElement {
  readonly fontInfo: VexFlowCore.FontInfo;
  readonly text: string;
  _textMetrics: TextMetrics;
  _height: number;
  _width: number;
  metricsValid: boolean;
}

/**
 * VexFlow 5 measures every glyph (each note head, flag, sharp …) with a canvas `measureText`
 * after setting the canvas font, which dominated drawing a tune (~0.2 ms a glyph, hundreds of
 * ms a page). A page uses a few dozen distinct glyph/font pairs, so the metrics are memoised
 * per font and text; the music font is loaded before the first measurement.
 */
function cacheTextMetrics(vf: VexFlowApi): void {
  const proto = vf.Element.prototype as unknown as {
    measureText(this: MeasuredElement): TextMetrics;
  };
  const original = proto.measureText;
  const cache = new Map<string, TextMetrics>();
  proto.measureText = function (this: MeasuredElement) {
    const key = `${vf.Font.toCSSString(this.fontInfo)}\u0000${this.text}`;
    const known = cache.get(key);
    if (!known) {
      const measured = original.call(this);
      cache.set(key, measured);
      return measured;
    }
    this._textMetrics = known;
    this._height = known.actualBoundingBoxAscent + known.actualBoundingBoxDescent;
    this._width = known.width;
    this.metricsValid = true;
    return known;
  };
}

/**
 * Every VexFlow element copies its font and style defaults with `structuredClone` when it is
 * created (Metrics.getFontInfo / getStyle): a tenth of the drawing time and most of the
 * garbage. Both are flat records of strings and numbers, so a spread copy is the same value.
 */
function cheapMetricCopies(vf: VexFlowApi): void {
  const metrics = vf.Metrics as unknown as {
    getFontInfo(key: string): VexFlowCore.FontInfo;
    getStyle(key: string): Record<string, unknown>;
  };
  const fontOf = metrics.getFontInfo.bind(vf.Metrics);
  const styleOf = metrics.getStyle.bind(vf.Metrics);
  const fonts = new Map<string, VexFlowCore.FontInfo>();
  const styles = new Map<string, Record<string, unknown>>();
  metrics.getFontInfo = (key) => {
    let font = fonts.get(key);
    if (!font) fonts.set(key, (font = fontOf(key)));
    return { ...font };
  };
  metrics.getStyle = (key) => {
    let style = styles.get(key);
    if (!style) styles.set(key, (style = styleOf(key)));
    return { ...style };
  };
}

/** The SVG context's drawing state (plain JS properties at run time). */
interface ContextState {
  state: Record<string, unknown>;
  attributes: Record<string, unknown>;
  stateStack: { state: Record<string, unknown>; attributes: Record<string, unknown> }[];
}

/**
 * Every element VexFlow draws is wrapped in `ctx.save()` / `ctx.restore()`, and the SVG context
 * deep-copies its state and attributes with `structuredClone` four times per element: a quarter
 * of the drawing time of a tune. Both records are flat (numbers and strings; setters replace
 * values, never nest), so a spread copy on save is the same value, and restore can take the
 * saved copy back as it is (nothing else holds it once popped).
 */
export function cheapContextSaves(vf: VexFlowApi): void {
  const proto = vf.SVGContext.prototype as unknown as {
    save(this: ContextState): unknown;
    restore(this: ContextState): unknown;
  };
  proto.save = function (this: ContextState) {
    this.stateStack.push({ state: { ...this.state }, attributes: { ...this.attributes } });
    return this;
  };
  proto.restore = function (this: ContextState) {
    const saved = this.stateStack.pop();
    if (saved) {
      this.state = saved.state;
      this.attributes = saved.attributes;
    }
    return this;
  };
}

/**
 * `Metrics.get('Stave.padding')` splits its dotted key and walks the defaults tree on every
 * call, and VexFlow asks for the same few keys for every element and every x position it
 * computes. The defaults are fixed once our own changes above are made, so each answer is
 * remembered (the same value, or the same object, the walk would return; the walk's answer with
 * a fallback is its answer without one `?? fallback`).
 */
export function memoisedMetricLookups(vf: VexFlowApi): void {
  const metrics = vf.Metrics as unknown as { get(key: string, fallback?: unknown): unknown };
  const lookup = metrics.get.bind(vf.Metrics);
  const known = new Map<string, unknown>();
  metrics.get = (key, fallback) => {
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      value = lookup(key);
      known.set(key, value);
    }
    // The walk keeps the deepest value that is not null or undefined, else the fallback.
    return value ?? fallback;
  };
}

/**
 * Our fonts, settings and speed-ups, applied once to the loaded module. Exported so the
 * layout tests (src/web/ui/notation/testing/renderInJsdom.ts) draw with exactly the settings
 * the app draws with.
 */
export function configureVexFlow(vf: VexFlowApi): VexFlowApi {
  vf.VexFlow.setFonts(MUSIC_FONT, TEXT_FONT);
  textTupletNumbers(vf);
  cacheTextMetrics(vf);
  cheapMetricCopies(vf);
  cheapContextSaves(vf);
  memoisedMetricLookups(vf);
  graceGroupsBesideTheirNote(vf);
  // VexFlow adds an invisible hit rectangle to every note for pointer events; nothing of ours
  // listens to them, and each is one more SVG element to create.
  vf.SVGContext.prototype.pointerRect = function (this: VexFlowCore.SVGContext) {
    return this;
  };
  return vf;
}

/**
 * VexFlow places a grace-note group at its note's x less the room of everything left of the
 * note *and everything right of it* (`modLeftPx + modRightPx`): a dotted note's gracenotes are
 * pushed left by the dot's width, into the note before — pipe music's dotted quavers with a
 * doubling collided with the note before them (issue 22 item 6). A group on the left starts
 * where the room left of the note starts, as for every other left modifier.
 */
export function graceGroupsBesideTheirNote(vf: VexFlowApi): void {
  const proto = vf.GraceNoteGroup.prototype as unknown as {
    alignSubNotesWithNote(
      this: VexFlowCore.GraceNoteGroup,
      subNotes: VexFlowCore.Note[],
      note: VexFlowCore.Note,
      position?: number,
    ): void;
  };
  const original = proto.alignSubNotesWithNote;
  proto.alignSubNotesWithNote = function (subNotes, note, position = vf.Modifier.Position.LEFT) {
    if (position !== vf.Modifier.Position.LEFT) {
      original.call(this, subNotes, note, position);
      return;
    }
    const context = note.getTickContext();
    const x = context.getX() - context.getMetrics().modLeftPx + this.getSpacingFromNextModifier();
    const stave = note.getStave();
    for (const subNote of subNotes) {
      if (stave) subNote.setStave(stave);
      subNote.getTickContext().setXOffset(x);
    }
  };
}

let pending: Promise<VexFlowApi> | null = null;

/**
 * Loads VexFlow and the music font once; later calls share the same promise. A failure is not
 * cached, so 'Please try again later' can really be tried again.
 */
export function loadVexFlow(): Promise<VexFlowApi> {
  pending ??= Promise.all([
    import('vexflow/core').catch((e: unknown) => {
      throw new NotationLoadError('library', e);
    }),
    loadFont().catch((e: unknown) => {
      throw new NotationLoadError('font', e);
    }),
  ]).then(([vf]) => configureVexFlow(vf));
  pending.catch(() => {
    pending = null;
  });
  return pending;
}
