import { useState } from 'react';
import { SITE_OWNER_RECIPIENT } from '../../../contracts/sendEmail.ts';
import { SendEmailDialog } from '../../ui/SendEmailDialog.tsx';
import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

/**
 * Single-column content template: heading, lead paragraph, sections. Text pages (About,
 * Credits, Microphone Help) start from this shape; the sample text is general practice
 * chanter care.
 */
export default function Template1Screen() {
  const [writing, setWriting] = useState(false);
  return (
    <section className="page template1">
      <h1>Template 1</h1>
      <DeveloperNote>It shows the single-column page template with sample content.</DeveloperNote>
      <article className="template-article">
        <p className="template-lead">
          Caring for your practice chanter: a few minutes of care keeps the reed steady and the
          pitch where the tuner expects it.
        </p>

        <h2>Let it dry after playing</h2>
        <p>
          Your breath leaves moisture on the reed and in the bore. After a session, take off the top
          section and let the reed and chanter air-dry before closing them in a case. A reed that is
          put away wet plays less steadily and may grow mould.
        </p>

        <h2>Handle the reed gently</h2>
        <p>
          Hold the reed by its base, never by the blades. If it becomes too hard or too easy to
          blow, ask your tutor before adjusting it; a new plastic practice reed costs little, so
          replacing a damaged one is often simpler than repairing it.
        </p>

        <h2>Keep the joints snug</h2>
        <p>
          The joints are sealed with waxed hemp. If the top wobbles or air leaks at the joint, add a
          thin layer of hemp. Too much makes the joint hard to close and can crack a wooden socket.
        </p>

        <h2>Clean it the right way</h2>
        <p>
          Many plastic chanters can be rinsed in lukewarm, mildly soapy water with the reed removed,
          then dried. Wooden chanters should not be soaked. When in doubt, follow the maker&apos;s
          instructions.
        </p>

        <h2>Store it somewhere mild</h2>
        <p>
          Heat and direct sun can warp plastic and dry out wood: avoid hot cars and radiators. A
          case protects the reed from knocks when you travel to lessons or band practice.
        </p>

        <h2>Write to a person</h2>
        <p>
          Tutor and band pages offer the Send Email dialog; here it writes to the site&apos;s owner.
          Their address stays on the server.
        </p>
        <button type="button" className="button" onClick={() => setWriting(true)}>
          Email the Chanterlab team
        </button>
        <SendEmailDialog
          open={writing}
          onClose={() => setWriting(false)}
          recipientId={SITE_OWNER_RECIPIENT}
          recipientName="Chanterlab team"
        />
      </article>
    </section>
  );
}
