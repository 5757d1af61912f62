/**
 * An admin screen's sections as tabs (WAI-ARIA tabs pattern,
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop, arrow keys move between tabs
 * and choose them, Home and End go to the ends. Manage Songs and Moderate Listings share it.
 */
import { useRef, type KeyboardEvent } from 'react';
import './adminTabs.css';

export type AdminTabList<K extends string> = readonly (readonly [K, string])[];

/** The ids that tie a tab to its panel: `${prefix}-tab-${key}` and `${prefix}-panel-${key}`. */
export const adminTabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
export const adminPanelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

export function AdminTabs<K extends string>({
  tabs,
  current,
  onChange,
  idPrefix,
  label,
  className,
}: {
  tabs: AdminTabList<K>;
  current: K;
  onChange: (key: K) => void;
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  className: string;
}) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex(([key]) => key === current);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]![0];
    onChange(key);
    buttons.current.get(key)?.focus();
  };
  return (
    <div className={`admin-tablist ${className}`} role="tablist" aria-label={label}>
      {tabs.map(([key, text]) => (
        <button
          key={key}
          ref={(element) => {
            if (element) buttons.current.set(key, element);
            else buttons.current.delete(key);
          }}
          type="button"
          role="tab"
          id={adminTabId(idPrefix, key)}
          aria-selected={current === key}
          aria-controls={adminPanelId(idPrefix, key)}
          tabIndex={current === key ? 0 : -1}
          onClick={() => onChange(key)}
          onKeyDown={onKeyDown}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
