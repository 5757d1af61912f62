import type { ReactNode } from 'react';

/** The small banner that marks a page as a developer page: these are not in the menu (spec §2.1). */
export function DeveloperNote({ children }: { children?: ReactNode }) {
  return (
    <p className="dev-note">
      <strong>Developer page.</strong> Not in the menu; it exists for testing Chanterlab.
      {children ? <> {children}</> : null}
    </p>
  );
}
