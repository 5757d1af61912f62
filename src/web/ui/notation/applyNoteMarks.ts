/**
 * Verdict marks on drawn notes (issue 14 item 4: 'each judged note lights on the score'): a
 * class for the colour and, so that colour is never the only cue (WCAG 1.4.1), a small symbol
 * drawn above the note. Works on the note elements PipeScore already has, so marking a note
 * never redraws the score.
 */
export interface NoteMarkStyle {
  /** CSS class suffix: `note-mark-<kind>`. */
  readonly kind: string;
  /** One or two characters above the note (✓, ✗ …). */
  readonly symbol: string;
  /** Read by screen readers and shown as the note's tooltip. */
  readonly label: string;
}

const SYMBOL_CLASS = 'note-mark-symbol';
const SVG_NS = 'http://www.w3.org/2000/svg';

function clear(element: SVGElement): void {
  for (const c of [...element.classList])
    if (c.startsWith('note-mark')) element.classList.remove(c);
  element.querySelector(`.${SYMBOL_CLASS}`)?.remove();
  element.querySelector(':scope > title')?.remove();
  element.removeAttribute('data-verdict');
}

export function applyNoteMarks(
  elements: ReadonlyMap<number, SVGElement>,
  marks: ReadonlyMap<number, NoteMarkStyle>,
): void {
  for (const [index, element] of elements) {
    const mark = marks.get(index);
    const current = element.getAttribute('data-verdict');
    const label = element.querySelector(':scope > title')?.textContent;
    if ((mark?.kind ?? null) === current && label === mark?.label) continue;
    clear(element);
    if (!mark) continue;
    element.classList.add('note-mark', `note-mark-${mark.kind}`);
    element.setAttribute('data-verdict', mark.kind);
    const doc = element.ownerDocument;
    const title = doc.createElementNS(SVG_NS, 'title');
    title.textContent = mark.label;
    element.prepend(title);
    // getBBox needs layout (a real browser); jsdom has none, and the class alone still marks it.
    const box =
      typeof (element as SVGGraphicsElement).getBBox === 'function' ? safeBox(element) : null;
    if (!box) continue;
    const text = doc.createElementNS(SVG_NS, 'text');
    text.setAttribute('class', SYMBOL_CLASS);
    text.setAttribute('x', String(box.x + box.width / 2));
    text.setAttribute('y', String(box.y - 3));
    text.setAttribute('text-anchor', 'middle');
    text.setAttribute('aria-hidden', 'true');
    text.textContent = mark.symbol;
    element.append(text);
  }
}

function safeBox(element: SVGElement): DOMRect | null {
  try {
    const box = (element as SVGGraphicsElement).getBBox();
    return box.width > 0 || box.height > 0 ? box : null;
  } catch {
    return null;
  }
}
