import { useId, useState, type FormEvent } from 'react';
import { adminToken, setAdminToken } from '../lib/adminToken.ts';
import './adminTokenForm.css';

export interface AdminTokenFormProps {
  /** What the page says when the server refused the caller. */
  readonly message: string;
  /** Called after a token was given: ask the server again. */
  readonly onToken: () => void;
}

/**
 * Shown by admin pages when the server refused the caller: sign in as an administrator, or
 * type the server's ADMIN_TOKEN (kept in memory only, lib/adminToken.ts).
 */
export function AdminTokenForm({ message, onToken }: AdminTokenFormProps) {
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
        {message}
        {had ? ' The administrator token given was not accepted.' : ''}
      </p>
      <p>Sign in with an administrator account, or enter the server’s ADMIN_TOKEN.</p>
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
