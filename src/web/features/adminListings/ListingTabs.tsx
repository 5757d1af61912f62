/**
 * The moderation page's sections as tabs (WAI-ARIA tabs pattern,
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop, arrow keys move between tabs
 * and choose them, Home and End go to the ends.
 */
import { useRef, type KeyboardEvent } from 'react';

export const TABS = [
  ['pending', 'Pending'],
  ['reported', 'Reported'],
  ['hidden', 'Hidden'],
  ['audit', 'Audit log'],
] as const;
export type TabKey = (typeof TABS)[number][0];

export const tabId = (key: TabKey) => `admin-listings-tab-${key}`;
export const panelId = (key: TabKey) => `admin-listings-panel-${key}`;

export function ListingTabs({
  current,
  onChange,
}: {
  current: TabKey;
  onChange: (key: TabKey) => void;
}) {
  const buttons = useRef(new Map<TabKey, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex(([key]) => key === current);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = TABS[next]![0];
    onChange(key);
    buttons.current.get(key)?.focus();
  };
  return (
    <div className="listings-tabs" role="tablist" aria-label="Moderation">
      {TABS.map(([key, label]) => (
        <button
          key={key}
          ref={(element) => {
            if (element) buttons.current.set(key, element);
            else buttons.current.delete(key);
          }}
          type="button"
          role="tab"
          id={tabId(key)}
          aria-selected={current === key}
          aria-controls={panelId(key)}
          tabIndex={current === key ? 0 : -1}
          onClick={() => onChange(key)}
          onKeyDown={onKeyDown}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
