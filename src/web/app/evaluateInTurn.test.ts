import { describe, expect, it } from 'vitest';
import { evaluateInTurn, pageModules } from './evaluateInTurn.ts';

describe('evaluateInTurn (issue 21 item 3)', () => {
  it('issue 21.3: imports the page modules one at a time, last first, never the entry', async () => {
    const order: string[] = [];
    let running = 0;
    await evaluateInTurn(
      ['/assets/index.js', '/assets/Screen.js', '/assets/zod.js'],
      async (href) => {
        running += 1;
        expect(running).toBe(1);
        order.push(href);
        await Promise.resolve();
        running -= 1;
      },
    );
    expect(order).toEqual(['/assets/zod.js', '/assets/Screen.js']);
  });

  it('issue 21.3: stops at a module that fails to load, leaving it to the screen load', async () => {
    const order: string[] = [];
    await expect(
      evaluateInTurn(['/e.js', '/a.js', '/b.js', '/c.js'], (href) => {
        order.push(href);
        return href === '/b.js' ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve();
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(order).toEqual(['/c.js', '/b.js']);
  });

  it('issue 21.3: reads the modules from the boot script, none without one', () => {
    document.body.innerHTML =
      '<script type="module" data-modules="/assets/index.js /assets/Screen.js"></script>';
    expect(pageModules(document)).toEqual(['/assets/index.js', '/assets/Screen.js']);
    document.body.innerHTML = '';
    expect(pageModules(document)).toEqual([]);
  });
});
