import { useId } from 'react';
import { Link } from 'react-router';
import type { InvitationContent } from './invitationContent.ts';
import './invitation.css';

/**
 * An invitation page (spec §2.3 'Tutor and band invitation'): a hero with the join button,
 * the benefits, three steps, an FAQ and the join button again at the foot.
 */
export function InvitationPage({ content }: { readonly content: InvitationContent }) {
  const id = useId();
  return (
    <article className="page invitation">
      <header className="invitation__hero">
        <p className="invitation__kicker">{content.title}</p>
        <h1>{content.hero.heading}</h1>
        <p className="invitation__lead">{content.hero.lead}</p>
        <div className="invitation__buttons">
          <Link className="button invitation__join" to={content.join.to}>
            {content.join.label}
          </Link>
          <Link className="button secondary" to={content.browse.to}>
            {content.browse.label}
          </Link>
        </div>
      </header>

      <section aria-labelledby={`${id}-benefits`}>
        <h2 id={`${id}-benefits`}>Why join</h2>
        <ul className="invitation__benefits">
          {content.benefits.map((b) => (
            <li key={b.title} className="card">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-steps`}>
        <h2 id={`${id}-steps`}>Three steps</h2>
        <ol className="invitation__steps">
          {content.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby={`${id}-faq`}>
        <h2 id={`${id}-faq`}>Questions</h2>
        <div className="invitation__faq">
          {content.faq.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <footer className="invitation__footer card">
        <p>Ready? It takes a few minutes.</p>
        <Link className="button invitation__join" to={content.join.to}>
          {content.join.label}
        </Link>
      </footer>
    </article>
  );
}
