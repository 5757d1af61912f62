/**
 * A tune handed from one screen to another without the library (issue 20 item 2: a tune read
 * from a picture, 'Open in Play-along'). The giving screen stores the BWW text and navigates;
 * the receiving screen takes it once, after hydration. Session storage, so that it survives
 * the lazy screen's load and a reload in between, and never outlives the tab.
 */
export interface HandedTune {
  readonly title: string;
  readonly bww: string;
}

const KEY = 'chanterlab.handoff.tune';

export function handOffTune(tune: HandedTune): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(tune));
  } catch {
    // Storage full or blocked: the receiving screen opens as it always does.
  }
}

/** The tune handed over, removed as it is taken; null when there is none. */
export function takeHandedTune(): HandedTune | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (text === null) return null;
    sessionStorage.removeItem(KEY);
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as HandedTune).title === 'string' &&
      typeof (value as HandedTune).bww === 'string'
    ) {
      return { title: (value as HandedTune).title, bww: (value as HandedTune).bww };
    }
  } catch {
    // Unreadable: as if nothing was handed over.
  }
  return null;
}
