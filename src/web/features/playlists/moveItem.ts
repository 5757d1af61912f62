/**
 * Reordering a playlist (issue 15 item 7: 'reorder by drag and by keyboard'). Pure, so the
 * drag, the Move up/down buttons and Alt+Arrow keys all move items by the same rule.
 */

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const at = Math.max(0, Math.min(next.length, to));
  next.splice(at, 0, item as T);
  return next;
}

/**
 * Where a dragged item lands: the number of the OTHER items whose middle is above the pointer.
 * `middles` are the vertical middles of every item as laid out when the drag started.
 */
export function dropIndex(middles: readonly number[], from: number, pointerY: number): number {
  let index = 0;
  middles.forEach((middle, i) => {
    if (i !== from && middle < pointerY) index++;
  });
  return index;
}
