import type { ComponentType } from 'react';
import { useCurrentRouteMeta } from './useCurrentRouteMeta.ts';

/**
 * A screen whose issue has not landed: its title and one honest sentence (foundation issue,
 * point 6). Replaced screen by screen.
 */
export function plannedScreen(sentence: string): ComponentType {
  function Planned() {
    const meta = useCurrentRouteMeta();
    return (
      <section className="page planned">
        <h1>{meta?.title ?? 'Chanterlab'}</h1>
        <p>{sentence}</p>
      </section>
    );
  }
  return Planned;
}
