/**
 * The start of a part (BWW `I!`) as printed pipe music draws it: a heavy line then a thin one,
 * a repeat start without its dots (issue 6 item 5, 'part markers'). VexFlow 5 has no such bar
 * line, so the stave gets a repeat-start bar line — which VexFlow already places after the
 * clef, key and time signature on a row start, with the row's own thin line at the left edge —
 * and that one bar line draws itself without the dots.
 */
import type { Barline, Stave } from 'vexflow/core';
import type { VexFlowApi } from '../../lib/vexflow.ts';

/** Width of the heavy line and the gap before the thin one: VexFlow's own end bar line, mirrored. */
const HEAVY = 3;
const GAP = 2;

export function setPartStartBar(vf: VexFlowApi, stave: Stave): void {
  stave.setBegBarType(vf.BarlineType.REPEAT_BEGIN);
  const barline = stave.getModifiers(vf.StaveModifierPosition.BEGIN, vf.Barline.CATEGORY)[0] as
    Barline | undefined;
  if (!barline) return;
  barline.draw = function (this: Barline) {
    const owner = this.checkStave();
    const ctx = owner.checkContext();
    this.setRendered();
    const top = owner.getTopLineTopY();
    const height = owner.getBottomLineBottomY() - top;
    const x = this.getX();
    const group = ctx.openGroup('part-start-bar', this.getAttribute('id') as string) as
      SVGGElement | undefined;
    group?.classList.add('part-start-bar');
    // The row's left edge keeps its thin line when clef and key stand before the part start.
    if (owner.getX() !== x) ctx.fillRect(owner.getX(), top, 1, height);
    ctx.fillRect(x - 2, top, HEAVY, height);
    ctx.fillRect(x + 1 + GAP, top, 1, height);
    ctx.closeGroup();
  };
}
