/**
 * The frame of every admin page: heading, links between the admin pages, and — when the server
 * refuses — the reason and a field for the ADMIN_TOKEN (the server checks it; this page only
 * passes it on).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { adminToken, setAdminToken } from './adminFetch.ts';
import type { AdminData } from './useAdminData.ts';
import './admin.css';

const links = [
  [paths.adminSubmissions, 'Submissions'],
  [paths.adminErrors, 'Error reports'],
  [paths.adminAnalytics, 'Analytics'],
  [paths.adminUsers, 'Users'],
] as const;

export function AdminFrame({
  title,
  status,
  onToken,
  children,
}: {
  title: string;
  status: AdminData<unknown>;
  onToken: () => void;
  children: ReactNode;
}) {
  return (
    <section className="page admin-page">
      <h1>{title}</h1>
      <nav className="admin-nav" aria-label="Administration">
        {links.map(([to, label]) => (
          <NavLink key={to} to={to}>
            {label}
          </NavLink>
        ))}
      </nav>
      {status.state === 'loading' ? <p role="status">Loading…</p> : null}
      {status.state === 'error' ? (
        <p className="admin-alert" role="alert">
          {status.message}
        </p>
      ) : null}
      {status.state === 'refused' ? <AdminTokenForm onToken={onToken} /> : null}
      {status.state === 'ready' ? children : null}
    </section>
  );
}

function AdminTokenForm({ onToken }: { onToken: () => void }) {
  const id = useId();
  const [token, setToken] = useState('');
  const had = adminToken() !== '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdminToken(token.trim());
    onToken();
  };
  return (
    <div className="card admin-refused">
      <p className="admin-alert" role="alert">
        Only administrators can read this page.
        {had ? ' The administrator token given was not accepted.' : ''}
      </p>
      <p>Sign in with an administrator account, or enter the server&apos;s ADMIN_TOKEN.</p>
      <form className="admin-token-form" onSubmit={onSubmit}>
        <label htmlFor={id}>Administrator token</label>
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <button type="submit" className="button">
          Continue
        </button>
      </form>
    </div>
  );
}

/** A timestamp as the reader's local date and time. */
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
