import { describe, expect, it, vi } from 'vitest';
import { onFirstGesture } from './onFirstGesture.ts';

describe('onFirstGesture', () => {
  it('issue 21.3: runs once, on the first pointer or key press, and not after cancel', () => {
    const target = new EventTarget();
    const callback = vi.fn();
    onFirstGesture(target, callback);
    expect(callback).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(callback).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    const cancel = onFirstGesture(target, other);
    cancel();
    target.dispatchEvent(new Event('pointerdown'));
    expect(other).not.toHaveBeenCalled();
  });
});
