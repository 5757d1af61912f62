import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useLocation } from 'react-router';
import { matchRoute, paths } from '../../contracts/routes.ts';
import { useBrowserValue } from '../lib/useBrowserValue.ts';
import {
  accountItems,
  menuItems,
  type MenuEntry,
  type MenuExternalLink,
  type MenuAction,
  type MenuGroup,
  type MenuLink,
} from './menuItems.ts';
import './mainMenu.css';

/**
 * The site header and main menu (spec §2.2). Desktop: a bar of links and dropdown groups.
 * Small screens: a 'Menu' hamburger that opens a panel where the groups are expandable
 * sections (spec §2.2 'The menu becomes a hamburger on small screens').
 *
 * It follows the WAI-ARIA disclosure navigation pattern, the one the APG recommends for site
 * navigation (https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/examples/disclosure-navigation/):
 * real links in the tab order, plus arrow keys as a shortcut.
 */

/** Keep in step with the media query in mainMenu.css. */
const COMPACT_QUERY = '(max-width: 600px)';

function subscribeCompact(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(COMPACT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isCompact = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(COMPACT_QUERY).matches;
const wide = () => false;

interface MenuState {
  /** The location the state belongs to: any navigation closes the menus. */
  readonly at: string;
  /** The one open group (spec §2.2 'One submenu is open at a time'). */
  readonly group: string | null;
  /** The hamburger panel. */
  readonly panel: boolean;
}

const wrap = (index: number, length: number) => (index + length) % length;

export function MainMenu({
  signedIn,
  pending = false,
  onSignOut,
}: {
  signedIn: boolean;
  /** The login state is not known yet (prerendered first view, session being read). */
  pending?: boolean;
  onSignOut: () => void | Promise<void>;
}) {
  const location = useLocation();
  // The prerendered bar is the wide one; mainMenu.css already lays it out as the hamburger on a
  // phone, so the switch after hydration need not be at once (useBrowserValue).
  const compact = useBrowserValue(subscribeCompact, isCompact, wide);
  const [state, setState] = useState<MenuState>({ at: location.key, group: null, panel: false });
  // Route change closes the menus, derived rather than reset in an effect.
  const fresh = state.at === location.key;
  const openGroup = fresh ? state.group : null;
  const panelOpen = fresh && state.panel;
  const headerRef = useRef<HTMLElement>(null);
  const pendingFocus = useRef<(() => void) | null>(null);
  const panelId = useId();
  const currentScreen = matchRoute(location.pathname)?.screen;

  const set = (group: string | null, panel: boolean) =>
    setState({ at: location.key, group, panel });
  const closeAll = () => set(null, false);

  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  // Spec §2.2 'A click outside closes the menus'; Escape closes and hands focus back.
  const anyOpen = openGroup !== null || panelOpen;
  useEffect(() => {
    if (!anyOpen) return;
    const header = headerRef.current;
    const onPointerDown = (event: PointerEvent) => {
      if (!header?.contains(event.target as Node))
        setState((s) => ({ ...s, group: null, panel: false }));
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside =
        header?.contains(document.activeElement) || document.activeElement === document.body;
      const target = openGroup
        ? header?.querySelector<HTMLElement>(`[data-group-button="${openGroup}"]`)
        : header?.querySelector<HTMLElement>('.mm-burger');
      setState((s) => (s.group ? { ...s, group: null } : { ...s, panel: false }));
      if (focusInside) target?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [anyOpen, openGroup]);

  function visible(selector: string): HTMLElement[] {
    const found = headerRef.current?.querySelectorAll<HTMLElement>(selector) ?? [];
    return [...found].filter((el) => !el.closest('[hidden]'));
  }

  function openWithFocus(id: string, which: 'first' | 'last') {
    const focus = () => {
      const items = visible(`[data-item="${id}"]`);
      (which === 'first' ? items[0] : items[items.length - 1])?.focus();
    };
    if (openGroup === id) return focus();
    pendingFocus.current = focus;
    set(id, panelOpen);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const el = event.currentTarget;
    const { key } = event;
    const step = (list: HTMLElement[], delta: number) =>
      list[wrap(list.indexOf(el) + delta, list.length)]?.focus();
    const ends = (list: HTMLElement[]) =>
      (key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    const item = el.dataset.item;
    const group = el.dataset.groupButton;
    if (compact) {
      // The panel is one vertical list: Up/Down walk everything visible in it.
      const all = visible('[data-top], [data-item]');
      if (key === 'ArrowDown' || key === 'ArrowUp') step(all, key === 'ArrowDown' ? 1 : -1);
      else if (key === 'Home' || key === 'End') ends(all);
      else return;
    } else if (item !== undefined) {
      const items = visible(`[data-item="${item}"]`);
      if (key === 'ArrowDown' || key === 'ArrowUp') step(items, key === 'ArrowDown' ? 1 : -1);
      else if (key === 'Home' || key === 'End') ends(items);
      else if (key === 'ArrowLeft' || key === 'ArrowRight') {
        const tops = visible('[data-top]');
        const at = tops.findIndex((t) => t.dataset.groupButton === item);
        tops[wrap(at + (key === 'ArrowRight' ? 1 : -1), tops.length)]?.focus();
        set(null, panelOpen);
      } else return;
    } else {
      if (key === 'ArrowLeft' || key === 'ArrowRight')
        step(visible('[data-top]'), key === 'ArrowRight' ? 1 : -1);
      else if (key === 'Home' || key === 'End') ends(visible('[data-top]'));
      else if (group && (key === 'ArrowDown' || key === 'ArrowUp'))
        openWithFocus(group, key === 'ArrowDown' ? 'first' : 'last');
      else return;
    }
    event.preventDefault();
  }

  /** On the desktop bar a dropdown closes when focus leaves it (e.g. Tab past its last link). */
  function onGroupBlur(event: FocusEvent<HTMLLIElement>, id: string) {
    const next = event.relatedTarget as Node | null;
    if (!compact && openGroup === id && next && !event.currentTarget.contains(next))
      set(null, panelOpen);
  }

  /** Focus leaving the whole header closes everything, the hamburger panel included. */
  function onHeaderBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget as Node | null;
    if (anyOpen && next && !event.currentTarget.contains(next)) closeAll();
  }

  const isCurrent = (to: string) =>
    currentScreen !== undefined && matchRoute(to)?.screen === currentScreen;

  function renderLink(entry: MenuLink, className: string, extra: Record<string, string>) {
    return (
      <Link
        key={entry.label}
        to={entry.to}
        className={className}
        aria-current={isCurrent(entry.to) ? 'page' : undefined}
        onClick={closeAll}
        onKeyDown={onKeyDown}
        {...extra}
      >
        {entry.label}
      </Link>
    );
  }

  function renderExternal(entry: MenuExternalLink, groupId: string) {
    return (
      <a
        href={entry.href}
        target="_blank"
        rel="noopener noreferrer"
        className="mm-item"
        data-item={groupId}
        onClick={closeAll}
        onKeyDown={onKeyDown}
      >
        {entry.label} <span className="mm-sr">(opens in a new tab)</span>
        <ExternalIcon />
      </a>
    );
  }

  function renderGroup(entry: MenuGroup, alignEnd: boolean) {
    const open = openGroup === entry.id;
    const dropdownId = `${panelId}-${entry.id}`;
    const holdsCurrent = entry.items.some((i) => i.kind === 'link' && isCurrent(i.to));
    return (
      <li key={entry.id} className="mm-entry mm-group" onBlur={(e) => onGroupBlur(e, entry.id)}>
        <button
          type="button"
          className="mm-top"
          aria-expanded={open}
          aria-controls={dropdownId}
          data-top=""
          data-group-button={entry.id}
          data-current={holdsCurrent ? '' : undefined}
          onClick={() => set(open ? null : entry.id, panelOpen)}
          onKeyDown={onKeyDown}
        >
          {entry.label}
          <ChevronIcon />
        </button>
        <ul
          id={dropdownId}
          className={alignEnd ? 'mm-dropdown mm-dropdown--end' : 'mm-dropdown'}
          hidden={!open}
        >
          {entry.items.map((item) => (
            <li key={item.label}>
              {item.kind === 'link'
                ? renderLink(item, 'mm-item', { 'data-item': entry.id })
                : renderExternal(item, entry.id)}
            </li>
          ))}
        </ul>
      </li>
    );
  }

  /** A top-level link, or an account link or button ('Log out' signs out; Layout then goes to /auth). */
  function renderControl(entry: MenuLink | MenuAction, className: string) {
    if (entry.kind === 'link') return renderLink(entry, className, { 'data-top': '' });
    return (
      <button
        key={entry.label}
        type="button"
        className={className}
        data-top=""
        onClick={() => {
          closeAll();
          void onSignOut();
        }}
        onKeyDown={onKeyDown}
      >
        {entry.label}
      </button>
    );
  }

  function renderEntry(entry: MenuEntry, index: number) {
    if (entry.kind === 'group') return renderGroup(entry, index >= menuItems.length - 2);
    if (entry.kind === 'external') return null; // the spec has none at the top level
    return (
      <li key={entry.label} className="mm-entry">
        {renderControl(entry, 'mm-top')}
      </li>
    );
  }

  const account = signedIn ? accountItems.signedIn : accountItems.signedOut;
  return (
    <header
      ref={headerRef}
      className="mm"
      data-panel-open={panelOpen ? '' : undefined}
      onBlur={onHeaderBlur}
    >
      <div className="mm-bar">
        <Link to={paths.home} className="mm-brand" onClick={closeAll}>
          <ChanterMark />
          <span className="mm-brand-name">Chanterlab</span>
        </Link>
        <nav aria-label="Main" className="mm-nav">
          <button
            type="button"
            className="mm-burger"
            hidden={!compact}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => set(null, !panelOpen)}
          >
            <span className="mm-burger-icon" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Menu
          </button>
          {/* On small screens the list is the hamburger's panel; hidden until opened. */}
          <ul id={panelId} className="mm-list" hidden={compact && !panelOpen}>
            {menuItems.map((entry, i) => renderEntry(entry, i))}
            {/* One item holds the account controls so the layout can place them together. */}
            <li className="mm-entry mm-account-entry">
              {/* Until the login state is known: an invisible pill of the same size, in a slot
                  wide enough for either state, so neither pushes the bar (issue 21.2). */}
              {pending ? (
                <span className="mm-top mm-cta mm-pending" aria-hidden="true">
                  {accountItems.signedOut[0]?.label}
                </span>
              ) : (
                // Logged out, the one account entry is the call to action.
                account.map((entry) =>
                  renderControl(entry, signedIn ? 'mm-top mm-account' : 'mm-top mm-cta'),
                )
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** A practice chanter, tilted as it is held: blowpipe, top, body with finger holes, flared sole. */
function ChanterMark() {
  return (
    <span className="mm-mark" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="30" height="30" focusable="false">
        <g transform="rotate(32 16 16)" fill="currentColor">
          <rect x="15" y="0.5" width="2" height="7" rx="1" />
          <rect x="13" y="7" width="6" height="4.2" rx="1.3" />
          <path d="M13.9 11.2h4.2l.6 13.3h-5.4z" />
          <path d="M13.3 24.3h5.4c.7 2.3 1.9 3.8 3.6 4.8H9.7c1.7-1 2.9-2.5 3.6-4.8z" />
          <g fill="var(--c-accent)">
            <circle cx="16" cy="13.6" r="0.85" />
            <circle cx="16" cy="16.1" r="0.85" />
            <circle cx="16" cy="18.6" r="0.85" />
            <circle cx="16" cy="21.1" r="0.85" />
          </g>
        </g>
      </svg>
    </span>
  );
}

const ICON = { viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': true } as const;
const STROKE = { fill: 'none', stroke: 'currentColor', strokeLinecap: 'round' } as const;

function ChevronIcon() {
  return (
    <svg className="mm-chevron" {...ICON} focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" {...STROKE} strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

function ExternalIcon() {
  return (
    <svg className="mm-external" {...ICON} focusable="false">
      <path d="M4.5 2.5h5v5M9.5 2.5 3 9" {...STROKE} strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
