import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuBar, type MenuDefinition } from './MenuBar.tsx';

type Mode = 'random' | 'scale' | 'song';

/** Menus shaped like Flash Cards' (spec §2.3): one with a submenu, one multi-select. */
function setup(overrides: { mode?: Partial<MenuDefinition<Mode>> } = {}) {
  const onSelectMode = vi.fn();
  const onOpenMode = vi.fn();
  const onSelectChanter = vi.fn();
  const onSelectShow = vi.fn();
  const mode: MenuDefinition<Mode> = {
    label: 'Mode',
    items: [
      { label: 'Random', value: 'random' },
      { label: 'Scale', value: 'scale' },
      { label: 'Song', value: 'song' },
    ],
    selected: 'scale',
    onSelect: onSelectMode,
    onOpen: onOpenMode,
    ...overrides.mode,
  };
  const chanter: MenuDefinition = {
    label: 'Chanter',
    items: [
      { label: 'Standard', value: 'standard' },
      { label: 'Keyboard', value: 'keyboard' },
    ],
    selected: 'custom-2',
    submenus: [
      {
        label: 'Saved chanters',
        items: [
          { label: 'My Naill', value: 'custom-1' },
          { label: 'Old Sinclair', value: 'custom-2' },
        ],
        selected: 'custom-2',
      },
      { label: 'Borrowed', items: [{ label: 'Band chanter', value: 'band-1' }] },
    ],
    onSelect: onSelectChanter,
  };
  const show: MenuDefinition<number> = {
    label: 'Show',
    items: [
      { label: 'Names', value: 1 },
      { label: 'Fingering', value: 2 },
      { label: 'Staff', value: 3 },
    ],
    selected: [1, 3],
    onSelect: onSelectShow,
  };
  const user = userEvent.setup();
  render(
    <div>
      <MenuBar label="Flash card options" menus={[mode, chanter, show]} />
      <p>Outside the bar</p>
    </div>,
  );
  return { user, onSelectMode, onOpenMode, onSelectChanter, onSelectShow };
}

const button = (name: string) => screen.getByRole('menuitem', { name });
const menu = (name: string) => screen.queryByRole('menu', { name });

describe('MenuBar', () => {
  it('R-3.MENUDEF-01 R-2.2.MENUBAR-01 renders a menu bar from menu definitions (label, items)', async () => {
    const { user } = setup();
    const bar = screen.getByRole('menubar', { name: 'Flash card options' });
    expect(
      within(bar)
        .getAllByRole('menuitem')
        .map((b) => b.textContent),
    ).toEqual(['Mode', 'Chanter', 'Show']);
    expect(menu('Mode')).toBeNull();
    await user.click(button('Mode'));
    const items = within(menu('Mode')!).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Random', 'Scale', 'Song']);
  });

  it('R-2.2.MENUBAR-02 shows a single selected value as the one checked radio item', async () => {
    const { user } = setup();
    await user.click(button('Mode'));
    const checked = within(menu('Mode')!)
      .getAllByRole('menuitemradio')
      .map((i) => [i.textContent, i.getAttribute('aria-checked')]);
    expect(checked).toEqual([
      ['Random', 'false'],
      ['Scale', 'true'],
      ['Song', 'false'],
    ]);
  });

  it('R-2.2.MENUBAR-02 shows a list of selected values as checked checkbox items', async () => {
    const { user } = setup();
    await user.click(button('Show'));
    const items = within(menu('Show')!).getAllByRole('menuitemcheckbox');
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false', 'true']);
    // The check mark is drawn only for chosen items.
    expect(items.map((i) => i.querySelector('svg') !== null)).toEqual([true, false, true]);
  });

  it('R-2.2.MENUBAR-02 a menu without a selected value holds plain command items', async () => {
    const { user } = setup({ mode: { selected: undefined } });
    await user.click(button('Mode'));
    const items = within(menu('Mode')!).getAllByRole('menuitem');
    expect(items).toHaveLength(3);
    expect(items.every((i) => !i.hasAttribute('aria-checked'))).toBe(true);
  });

  it('R-2.2.MENUBAR-03 a menu may have submenus, each with its own selected value', async () => {
    const { user } = setup();
    await user.click(button('Chanter'));
    const trigger = button('Saved chanters');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const sub = menu('Saved chanters')!;
    expect(trigger.getAttribute('aria-controls')).toBe(sub.id);
    const checked = within(sub)
      .getAllByRole('menuitemradio')
      .map((i) => i.getAttribute('aria-checked'));
    expect(checked).toEqual(['false', 'true']);
    // A submenu without a selection holds plain items.
    await user.click(button('Borrowed'));
    expect(within(menu('Borrowed')!).getByRole('menuitem', { name: 'Band chanter' })).toBeTruthy();
  });

  it('R-2.2.MENUBAR-04 choosing a leaf item runs onSelect with its value and closes everything', async () => {
    const { user, onSelectMode } = setup();
    await user.click(button('Mode'));
    await user.click(screen.getByRole('menuitemradio', { name: 'Song' }));
    expect(onSelectMode).toHaveBeenCalledExactlyOnceWith('song');
    expect(menu('Mode')).toBeNull();
    expect(button('Mode').getAttribute('aria-expanded')).toBe('false');
  });

  it('R-2.2.MENUBAR-05 choosing a submenu item runs the menu onSelect and closes everything', async () => {
    const { user, onSelectChanter } = setup();
    await user.click(button('Chanter'));
    await user.click(button('Saved chanters'));
    await user.click(screen.getByRole('menuitemradio', { name: 'My Naill' }));
    expect(onSelectChanter).toHaveBeenCalledExactlyOnceWith('custom-1');
    expect(menu('Chanter')).toBeNull();
    expect(menu('Saved chanters')).toBeNull();
    // Reopening starts with the submenu folded.
    await user.click(button('Chanter'));
    expect(button('Saved chanters').getAttribute('aria-expanded')).toBe('false');
  });

  it('R-2.2.MENUBAR-06 opening a menu runs its open action, closing does not', async () => {
    const { user, onOpenMode } = setup();
    await user.click(button('Mode'));
    expect(onOpenMode).toHaveBeenCalledTimes(1);
    await user.click(button('Mode'));
    expect(onOpenMode).toHaveBeenCalledTimes(1);
    await user.click(button('Mode'));
    expect(onOpenMode).toHaveBeenCalledTimes(2);
  });

  it('R-4.MENU-01 at most one menu is open at a time', async () => {
    const { user } = setup();
    await user.click(button('Mode'));
    await user.click(button('Chanter'));
    expect(menu('Mode')).toBeNull();
    expect(menu('Chanter')).not.toBeNull();
    expect(screen.getAllByRole('menu')).toHaveLength(1);
  });

  it("R-4.MENU-02 clicking the open menu's button closes it", async () => {
    const { user } = setup();
    await user.click(button('Show'));
    expect(button('Show').getAttribute('aria-expanded')).toBe('true');
    await user.click(button('Show'));
    expect(button('Show').getAttribute('aria-expanded')).toBe('false');
    expect(menu('Show')).toBeNull();
  });

  it('R-4.MENU-03 clicking an item with a submenu toggles it, one submenu at a time', async () => {
    const { user, onSelectChanter } = setup();
    await user.click(button('Chanter'));
    await user.click(button('Saved chanters'));
    expect(menu('Saved chanters')).not.toBeNull();
    await user.click(button('Borrowed'));
    expect(menu('Saved chanters')).toBeNull();
    expect(menu('Borrowed')).not.toBeNull();
    await user.click(button('Borrowed'));
    expect(menu('Borrowed')).toBeNull();
    // Toggling a submenu is not a choice: the menu stays open and nothing is selected.
    expect(menu('Chanter')).not.toBeNull();
    expect(onSelectChanter).not.toHaveBeenCalled();
  });

  it('R-4.MENU-04 a click outside closes all menus', async () => {
    const { user } = setup();
    await user.click(button('Chanter'));
    await user.click(button('Saved chanters'));
    await user.click(screen.getByText('Outside the bar'));
    expect(screen.queryAllByRole('menu')).toHaveLength(0);
  });

  it('keyboard: one tab stop, arrows across the bar, Enter opens at the first item, Escape returns focus', async () => {
    const { user, onSelectMode, onOpenMode } = setup();
    await user.tab();
    expect(document.activeElement).toBe(button('Mode'));
    expect(button('Chanter').tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(button('Chanter'));
    expect(button('Chanter').tabIndex).toBe(0);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(button('Show'));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onOpenMode).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.textContent).toBe('Random');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Song');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Random');
    await user.keyboard('{ArrowUp}{Escape}');
    expect(menu('Mode')).toBeNull();
    expect(document.activeElement).toBe(button('Mode'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Song');
    await user.keyboard('{Enter}');
    expect(onSelectMode).toHaveBeenCalledExactlyOnceWith('song');
    expect(document.activeElement).toBe(button('Mode'));
  });

  it('keyboard: Right opens a submenu, Left folds it, Tab closes the bar', async () => {
    const { user } = setup();
    await user.click(button('Chanter'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Standard');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('My Naill');
    await user.keyboard('{ArrowLeft}');
    expect(menu('Saved chanters')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Saved chanters');
    await user.keyboard('{ArrowLeft}');
    expect(menu('Mode')).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('Random');
    await user.tab();
    expect(screen.queryAllByRole('menu')).toHaveLength(0);
  });
});
