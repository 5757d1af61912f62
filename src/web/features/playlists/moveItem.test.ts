import { describe, expect, it } from 'vitest';
import { dropIndex, moveItem } from './moveItem.ts';

describe('moveItem and dropIndex (issue 15 item 7: reorder by drag and by keyboard)', () => {
  it('issue 15.7: moves an item up, down, to the ends, and clamps', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 0, 99)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 1, -5)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 9, 0)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('issue 15.7: a drag lands after every other item whose middle the pointer passed', () => {
    // Rows 40 px high: middles at 20, 60, 100, 140. Dragging row 0:
    const middles = [20, 60, 100, 140];
    expect(dropIndex(middles, 0, 10)).toBe(0);
    expect(dropIndex(middles, 0, 70)).toBe(1);
    expect(dropIndex(middles, 0, 200)).toBe(3);
    // Dragging row 3 up above row 1's middle:
    expect(dropIndex(middles, 3, 50)).toBe(1);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, dropIndex(middles, 3, 50))).toEqual([
      'a',
      'd',
      'b',
      'c',
    ]);
  });
});
