/**
 * A MusicXML `<barline>` → the tune model's bar open or close and time line (issue 15 item 4).
 * Left: a forward repeat opens a repeat, a heavy-light line a part, an ending's start is a time
 * line ('1', '2', '24' from "2, 4"). Right: an ending's stop closes the time line; a backward
 * repeat, a final (light-heavy) line and a double line close the bar as BWW would.
 */
import type { BarClose, BarItem, BarOpen } from '../tune/tune.ts';
import { child, childText, type XmlElement } from './readXml.ts';

export interface BarlineRead {
  readonly location: 'left' | 'right';
  readonly open: BarOpen;
  readonly close: BarClose;
  /** Time line start (left) or end (right) to add to the bar's items. */
  readonly items: readonly BarItem[];
}

export function readBarline(el: XmlElement): BarlineRead {
  const style = childText(el, 'bar-style');
  const repeat = child(el, 'repeat')?.attributes.direction;
  const ending = child(el, 'ending');
  const type = ending?.attributes.type;
  if ((el.attributes.location ?? 'right') === 'left') {
    const items: BarItem[] = [];
    if (ending && type === 'start') {
      const label = (ending.attributes.number ?? '').replace(/[^0-9]/g, '');
      const text = ending.text.trim() || 'ending';
      items.push(
        label ? { kind: 'timeline', label } : { kind: 'text', role: 'text', text, format: null },
      );
    }
    const open = repeat === 'forward' ? 'repeat' : style === 'heavy-light' ? 'part' : null;
    return { location: 'left', open, close: null, items };
  }
  const items: BarItem[] =
    type === 'stop' || type === 'discontinue' ? [{ kind: 'timeline-end' }] : [];
  const close: BarClose =
    repeat === 'backward'
      ? 'repeat'
      : style === 'light-heavy' || style === 'heavy'
        ? 'part'
        : style === 'light-light'
          ? 'double'
          : 'bar';
  return { location: 'right', open: null, close, items };
}
