/** The built URL of the capture worklet (see pitch/worklet/processorUrl.ts for why ?worker&url). */
import url from './captureProcessor.ts?worker&url';

export const captureProcessorUrl: string = url;
