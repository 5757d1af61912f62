// The little of jsdom's API scripts/notation-metrics.ts uses (jsdom ships no types; the test
// runner uses it through vitest's environment).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
