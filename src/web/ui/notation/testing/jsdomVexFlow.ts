/**
 * VexFlow as the app configures it (src/web/lib/vexflow.ts), for tests and scripts that lay out
 * scores without a browser (issue 22 item 6): text and glyphs are measured from the table in
 * ./glyphMetrics.json (./measureCanvas.ts). Needs a DOM (the `web` test project's jsdom).
 */
import * as VexFlowCore from 'vexflow/core';
import { configureVexFlow, type VexFlowApi } from '../../../lib/vexflow.ts';
import { measureCanvas, type GlyphMetrics, type MeasureCanvas } from './measureCanvas.ts';

export interface JsdomVexFlow {
  readonly vf: VexFlowApi;
  readonly canvas: MeasureCanvas;
}

let configured: VexFlowApi | null = null;

export function jsdomVexFlow(metrics?: GlyphMetrics): JsdomVexFlow {
  configured ??= configureVexFlow(VexFlowCore as unknown as VexFlowApi);
  const canvas = measureCanvas(metrics);
  configured.Element.setTextMeasurementCanvas(canvas as unknown as OffscreenCanvas);
  return { vf: configured, canvas };
}
