/**
 * The frame of every admin page: heading, links between the admin pages, and — when the server
 * refuses — the reason and a field for the ADMIN_TOKEN (the server checks it; this page only
 * passes it on).
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { AdminTokenForm } from '../../ui/AdminTokenForm.tsx';
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
      {status.state === 'refused' ? (
        <AdminTokenForm message="Only administrators can read this page." onToken={onToken} />
      ) : null}
      {status.state === 'ready' ? children : null}
    </section>
  );
}

/** A timestamp as the reader's local date and time. */
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
