import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { roleNames, type AdminUserRow, type RoleName } from '../../../contracts/account.ts';
import { adminRoutes } from '../../../contracts/api/adminRoutes.ts';
import type { CallInput } from '../../lib/apiClient.ts';
import { AccountApiError, accountFetch } from '../../lib/accountFetch.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import '../../ui/siteForm.css';
import './adminUsers.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The administrators' users page (issue 8 part 1): list, ban and unban, set a role. The
 * server checks every call (src/server/routes/adminUsers.ts); this page only shows what the
 * server allows, and says so when it refuses.
 */
export default function AdminUsersScreen() {
  const { status, user } = useAuthSnapshot();
  if (status === 'loading') {
    return (
      <section className="page admin-users">
        <h1>Users</h1>
        <p role="status">Checking your sign-in...</p>
      </section>
    );
  }
  // Only a signed-in administrator can use this page from a browser (an ADMIN_TOKEN bearer
  // uses the API directly); the server checks again on every call.
  if (!user?.roles.includes('admin')) return <AdminOnly />;
  return <AdminUsers />;
}

function AdminOnly() {
  return (
    <section className="page admin-users">
      <h1>Users</h1>
      <p className="site-form-alert" role="alert">
        Only administrators can manage users.
      </p>
    </section>
  );
}

function AdminUsers() {
  const [users, setUsers] = useState<readonly AdminUserRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [refused, setRefused] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const load = useCallback(async (term: string) => {
    try {
      const answer = await accountFetch(adminRoutes.users, {
        query: term ? { search: term } : {},
      });
      setUsers(answer.users);
      setTotal(answer.total);
      setRefused(false);
    } catch (error) {
      if (error instanceof AccountApiError && (error.status === 403 || error.status === 401)) {
        setRefused(true);
      } else {
        setMessage({ kind: 'error', text: errorText(error) });
      }
    }
  }, []);

  useEffect(() => {
    void load(query);
  }, [load, query]);

  async function act(user: AdminUserRow, action: 'ban' | 'unban' | 'role', role?: RoleName) {
    try {
      const route =
        action === 'ban'
          ? adminRoutes.ban
          : action === 'unban'
            ? adminRoutes.unban
            : adminRoutes.setRole;
      const updated = await accountFetch(route, {
        params: { id: user.id },
        body: action === 'role' ? { role: role! } : {},
      } as CallInput<typeof adminRoutes.setRole>);
      setUsers((list) => list?.map((u) => (u.id === updated.id ? updated : u)) ?? null);
      const done =
        action === 'ban' ? 'banned' : action === 'unban' ? 'unbanned' : `made ${role ?? ''}`;
      setMessage({ kind: 'ok', text: `${updated.email} ${done}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    }
  }

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };

  if (refused) return <AdminOnly />;

  return (
    <section className="page admin-users">
      <h1>Users</h1>
      <form className="admin-users-search" role="search" onSubmit={onSearch}>
        <div className="site-form-field">
          <label htmlFor="admin-users-search">Search by email</label>
          <input
            id="admin-users-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {message ? (
        <p
          className={message.kind === 'ok' ? 'admin-users-ok' : 'site-form-alert'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
      {users === null ? (
        <p role="status">Loading users...</p>
      ) : (
        <>
          <p className="site-form-hint">
            {total} {total === 1 ? 'user' : 'users'}
            {query ? ` matching “${query}”` : ''}
          </p>
          <ul className="admin-users-list">
            {users.map((user) => (
              <li key={user.id} className="card admin-user">
                <div className="admin-user-who">
                  <strong>{user.email}</strong>
                  <span className="admin-user-meta">
                    {user.roles.join(', ')} · since {new Date(user.createdAt).toLocaleDateString()}
                    {user.banReason ? ` · reason: ${user.banReason}` : ''}
                  </span>
                </div>
                <div className="admin-user-actions">
                  <label className="admin-user-role">
                    <span>Role</span>
                    <select
                      value={user.roles.includes('admin') ? 'admin' : 'user'}
                      onChange={(e) => void act(user, 'role', e.target.value as RoleName)}
                    >
                      {roleNames.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </label>
                  {user.banned ? (
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void act(user, 'unban')}
                    >
                      Unban
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button danger"
                      onClick={() => void act(user, 'ban')}
                    >
                      Ban
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
