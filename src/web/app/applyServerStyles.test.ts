import { describe, expect, it } from 'vitest';
import { moveInlineStyles } from '../../contracts/prerenderedPages.ts';
import { applyServerStyles } from './applyServerStyles.ts';

describe('issue 21.1: inline styles of the prerendered first view', () => {
  it('issue 21.1: the build renames style attributes and the browser applies them through CSSOM', () => {
    const markup = moveInlineStyles(
      '<div class="needle" style="transform:rotate(0deg)">say &quot; style=&quot;x</div><p style="--beat-seconds:0.6s">a</p>',
    );
    expect(markup).not.toContain(' style="');
    const root = document.createElement('div');
    root.innerHTML = markup;
    expect(root.textContent).toBe('say " style="xa');
    applyServerStyles(root);
    const [needle, beat] = [...root.children] as HTMLElement[];
    expect(needle!.style.transform).toBe('rotate(0deg)');
    expect(beat!.style.getPropertyValue('--beat-seconds')).toBe('0.6s');
    expect(root.querySelector('[data-ssr-style]')).toBeNull();
  });
});
