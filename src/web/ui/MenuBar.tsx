import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import './menuBar.css';

/**
 * The generic menu bar of spec §2.2 ('The generic menu bar supports menus with items, an
 * optional selected value (single or a list) and optional submenus') with the behaviour of
 * spec §4 'Menus'. Screens such as Flash Cards (Mode, Chanter, Display; spec §2.3) describe
 * their menus as data and get keyboard, focus and ARIA handling from here.
 *
 * It follows the WAI-ARIA menubar pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menubar/):
 * one tab stop for the bar, arrows within it, items that report their checked state.
 */

export type MenuValue = string | number;

export interface MenuItem<V extends MenuValue = string> {
  readonly label: string;
  readonly value: V;
}

/** A nested list inside a menu; its items are chosen through the parent menu's onSelect. */
export interface Submenu<V extends MenuValue = string> {
  readonly label: string;
  readonly items: readonly MenuItem<V>[];
  readonly selected?: V | readonly V[];
}

/**
 * A menu definition (spec §3): label, items, optional selected value (one, or a list for
 * multi-select menus), optional submenus, and select and open callbacks. Annotate it with
 * its value type (`MenuDefinition<Mode>`) so onSelect receives that type.
 */
export interface MenuDefinition<V extends MenuValue = string> {
  readonly label: string;
  readonly items: readonly MenuItem<V>[];
  readonly selected?: V | readonly V[];
  readonly submenus?: readonly Submenu<V>[];
  /** Runs when a leaf or submenu item is chosen; the bar then closes (spec §2.2). */
  onSelect(value: V): void;
  /** Runs when the menu opens (spec §2.2 'Opening a menu runs its open action'). */
  onOpen?(): void;
}

export interface MenuBarProps {
  /** Names the bar for assistive technology, e.g. 'Flash card options'. */
  readonly label: string;
  // Method syntax in MenuDefinition makes MenuDefinition<'a' | 'b'> fit here.
  readonly menus: readonly MenuDefinition<MenuValue>[];
  readonly className?: string;
}

interface OpenState {
  readonly menu: number | null;
  readonly sub: number | null;
}

const CLOSED: OpenState = { menu: null, sub: null };
const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

function isSelected<V>(selected: V | readonly V[] | undefined, value: V): boolean {
  if (selected === undefined) return false;
  return Array.isArray(selected) ? selected.includes(value) : selected === value;
}

/** A menu with no selection holds commands; one value makes radios; a list makes checkboxes. */
function itemAria(selected: unknown, checked: boolean) {
  if (selected === undefined) return { role: 'menuitem' } as const;
  const role = Array.isArray(selected) ? 'menuitemcheckbox' : 'menuitemradio';
  return { role, 'aria-checked': checked } as const;
}

const wrap = (index: number, length: number) => (index + length) % length;

export function MenuBar({ label, menus, className }: MenuBarProps) {
  const [open, setOpen] = useState<OpenState>(CLOSED);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Focus moves into a popup only after React has shown it.
  const pendingFocus = useRef<(() => void) | null>(null);
  const baseId = useId();
  const count = menus.length;
  const activeIndex = Math.min(active, Math.max(count - 1, 0));

  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  // Shift an open popup left if it would run off the right edge (the last menu on a phone).
  useLayoutEffect(() => {
    if (open.menu === null) return;
    const popup = rootRef.current?.querySelector<HTMLElement>(`[data-popup="${open.menu}"]`);
    const viewport = document.documentElement.clientWidth;
    if (!popup || viewport === 0) return;
    popup.style.removeProperty('left');
    const rect = popup.getBoundingClientRect();
    const overflow = rect.right - (viewport - 8);
    if (overflow > 0) popup.style.left = `${-Math.min(overflow, rect.left - 8)}px`;
  }, [open.menu]);

  // Spec §4 'Menus': a click outside closes all. Escape closes too, wherever focus is
  // (Safari does not focus a clicked button), and hands focus back to the menu's button.
  useEffect(() => {
    const openMenu = open.menu;
    if (openMenu === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(CLOSED);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focus = document.activeElement;
      if (focus === document.body || rootRef.current?.contains(focus)) {
        buttonRefs.current[openMenu]?.focus();
      }
      setOpen(CLOSED);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open.menu]);

  const popupId = (i: number) => `${baseId}-menu-${i}`;

  function visibleItems(i: number): HTMLElement[] {
    const popup = rootRef.current?.querySelector(`[data-popup="${i}"]`);
    if (!popup) return [];
    return [...popup.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter(
      (el) => !el.closest('[hidden]'),
    );
  }

  function focusButton(i: number) {
    setActive(i);
    buttonRefs.current[i]?.focus();
  }

  function openMenu(i: number, focus?: 'first' | 'last') {
    if (open.menu !== i) {
      setOpen({ menu: i, sub: null });
      menus[i]?.onOpen?.();
    }
    setActive(i);
    if (!focus) return;
    const focusItem = () => {
      const items = visibleItems(i);
      (focus === 'first' ? items[0] : items[items.length - 1])?.focus();
    };
    // An already open menu re-renders nothing, so focus it now.
    if (open.menu === i) focusItem();
    else pendingFocus.current = focusItem;
  }

  function closeAll(returnFocus: boolean) {
    if (returnFocus && open.menu !== null) focusButton(open.menu);
    setOpen(CLOSED);
  }

  function select(menu: MenuDefinition<MenuValue>, value: MenuValue) {
    menu.onSelect(value);
    closeAll(true);
  }

  function toggleSub(menuIndex: number, subIndex: number, focusFirst = false) {
    const opening = open.sub !== subIndex;
    setOpen({ menu: menuIndex, sub: opening ? subIndex : null });
    if (opening && focusFirst) {
      pendingFocus.current = () =>
        document
          .getElementById(`${popupId(menuIndex)}-sub-${subIndex}`)
          ?.querySelector<HTMLElement>(ITEM_SELECTOR)
          ?.focus();
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>, i: number) {
    const key = event.key;
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const next = wrap(i + (key === 'ArrowRight' ? 1 : -1), count);
      focusButton(next);
      if (open.menu !== null) openMenu(next);
    } else if (key === 'Home' || key === 'End') {
      focusButton(key === 'Home' ? 0 : count - 1);
    } else if (key === 'ArrowDown' || key === 'Enter' || key === ' ') {
      openMenu(i, 'first');
    } else if (key === 'ArrowUp') {
      openMenu(i, 'last');
    } else {
      return;
    }
    event.preventDefault();
  }

  function onItemKeyDown(event: KeyboardEvent<HTMLElement>, i: number) {
    const key = event.key;
    const target = event.currentTarget;
    const items = visibleItems(i);
    const at = items.indexOf(target);
    const inSubmenu = target.closest('[data-submenu]');
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      items[wrap(at + (key === 'ArrowDown' ? 1 : -1), items.length)]?.focus();
    } else if (key === 'Home' || key === 'End') {
      items[key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (key === 'ArrowRight' && target.dataset.subIndex !== undefined) {
      if (open.sub !== Number(target.dataset.subIndex))
        toggleSub(i, Number(target.dataset.subIndex), true);
    } else if (key === 'ArrowLeft' && inSubmenu) {
      setOpen({ menu: i, sub: null });
      inSubmenu.parentElement?.querySelector<HTMLElement>('[data-sub-index]')?.focus();
    } else if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const next = wrap(i + (key === 'ArrowRight' ? 1 : -1), count);
      openMenu(next, 'first');
    } else {
      // Tab leaves the bar naturally; the menu should not stay open behind it.
      if (key === 'Tab') setOpen(CLOSED);
      return;
    }
    event.preventDefault();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpen(CLOSED);
  }

  function renderItem(
    i: number,
    menu: MenuDefinition<MenuValue>,
    item: MenuItem<MenuValue>,
    selected: unknown,
  ) {
    const checked = isSelected(
      selected as MenuValue | readonly MenuValue[] | undefined,
      item.value,
    );
    return (
      <button
        key={String(item.value)}
        type="button"
        {...itemAria(selected, checked)}
        tabIndex={-1}
        className="menubar-item"
        onClick={() => select(menu, item.value)}
        onKeyDown={(e) => onItemKeyDown(e, i)}
      >
        <span className="menubar-check" aria-hidden="true">
          {checked ? <CheckIcon /> : null}
        </span>
        <span className="menubar-item-label">{item.label}</span>
      </button>
    );
  }

  return (
    <div
      ref={rootRef}
      role="menubar"
      aria-label={label}
      className={className ? `menubar ${className}` : 'menubar'}
      onBlur={onBlur}
    >
      {menus.map((menu, i) => {
        const isOpen = open.menu === i;
        return (
          <div role="none" className="menubar-menu" key={menu.label}>
            <button
              ref={(el) => {
                buttonRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={isOpen}
              aria-controls={popupId(i)}
              tabIndex={i === activeIndex ? 0 : -1}
              className="menubar-button"
              // Spec §4: clicking the open menu's button closes it.
              onClick={() => (isOpen ? closeAll(false) : openMenu(i))}
              onKeyDown={(e) => onButtonKeyDown(e, i)}
            >
              <span>{menu.label}</span>
              <ChevronIcon className="menubar-chevron" />
            </button>
            <div
              role="menu"
              id={popupId(i)}
              aria-label={menu.label}
              data-popup={i}
              className="menubar-popup"
              hidden={!isOpen}
            >
              {menu.items.map((item) => renderItem(i, menu, item, menu.selected))}
              {menu.submenus?.map((sub, s) => {
                const subOpen = isOpen && open.sub === s;
                const subId = `${popupId(i)}-sub-${s}`;
                return (
                  <div role="none" className="menubar-subgroup" key={`sub-${sub.label}`}>
                    <button
                      type="button"
                      role="menuitem"
                      aria-haspopup="menu"
                      aria-expanded={subOpen}
                      aria-controls={subId}
                      tabIndex={-1}
                      data-sub-index={s}
                      className="menubar-item menubar-subtrigger"
                      // Spec §4: clicking an item with a submenu toggles that submenu.
                      onClick={() => toggleSub(i, s)}
                      onKeyDown={(e) => onItemKeyDown(e, i)}
                    >
                      <span className="menubar-check" aria-hidden="true" />
                      <span className="menubar-item-label">{sub.label}</span>
                      <ChevronIcon className="menubar-chevron menubar-chevron--sub" />
                    </button>
                    <div
                      role="menu"
                      id={subId}
                      aria-label={sub.label}
                      data-submenu=""
                      className="menubar-submenu"
                      hidden={!subOpen}
                    >
                      {sub.items.map((item) => renderItem(i, menu, item, sub.selected))}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function ChevronIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" {...STROKE} strokeWidth="1.8" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M3 8.5 6.5 12 13 4.5" {...STROKE} strokeWidth="2" />
    </svg>
  );
}
