import { useCallback, useEffect, useState } from 'react';
import type { OutboxMessage } from '../../../contracts/account.ts';
import { accountRoutes } from '../../../contracts/api/accountRoutes.ts';
import { AccountApiError, accountFetch } from '../../lib/accountFetch.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import './devMailbox.css';

/** Links in a mail's text, made clickable (the sign-in link above all). */
function withLinks(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * The local outbox (issue 8 part 1): mail this server did not send because SMTP_URL is not
 * set, so sign-in works on a fresh machine. The server lists it to anyone in development and
 * only to administrators in production.
 */
export default function DevMailboxScreen() {
  const [messages, setMessages] = useState<readonly OutboxMessage[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { status, user } = useAuthSnapshot();
  const isAdmin = user?.roles.includes('admin') ?? false;

  const load = useCallback(async () => {
    try {
      // Ask first whether this visitor may read it, so a refused read is not even tried.
      const options = await accountFetch(accountRoutes.options);
      if (!options.mailboxVisible && !isAdmin) {
        setProblem(
          options.outbox
            ? 'The mailbox is only available in development, or to administrators.'
            : 'This server sends mail through SMTP: there is no local mailbox.',
        );
        return;
      }
      const answer = await accountFetch(accountRoutes.outbox);
      setMessages(answer.messages);
      setProblem(null);
    } catch (error) {
      setProblem(
        error instanceof AccountApiError && error.status === 404
          ? 'The mailbox is only available in development, or to administrators.'
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  }, [isAdmin]);

  useEffect(() => {
    if (status !== 'loading') void load();
  }, [load, status]);

  return (
    <section className="page dev-mailbox">
      <h1>Mailbox</h1>
      <p className="dev-mailbox-intro">
        Mail this server did not send because no mail server (SMTP_URL) is configured. Newest first.
      </p>
      <button type="button" className="button secondary" onClick={() => void load()}>
        Refresh
      </button>
      {problem ? (
        <p className="site-form-alert" role="alert">
          {problem}
        </p>
      ) : messages === null ? (
        <p role="status">Loading mail...</p>
      ) : messages.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <ol className="dev-mailbox-list">
          {messages.map((m) => (
            <li key={m.id} className="card dev-mail">
              <h2>{m.subject}</h2>
              <p className="dev-mail-meta">
                To {m.to} · {new Date(m.createdAt).toLocaleString()}
              </p>
              <pre className="dev-mail-text">{withLinks(m.text)}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
