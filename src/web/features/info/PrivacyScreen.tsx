import { Link } from 'react-router';
import { BRAND, paths } from '../../../contracts/routes.ts';
import './info.css';

/**
 * Privacy policy (issue 3: a real page behind Home's link): what is kept in the browser, what
 * reaches the server and why. Keep it in step with src/web/storage/keys.ts and the API.
 */
export default function PrivacyScreen() {
  return (
    <section className="page info" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy Policy</h1>
      <p className="info-lead">
        {BRAND} works without an account. Most of what it knows about you stays in your own browser.
        This page says plainly what is stored, where, and why.
      </p>

      <h2>Kept in your browser only</h2>
      <p>
        These settings are saved in your browser&apos;s local storage. They never leave your device
        unless you export them yourself from <Link to={paths.settings}>Settings</Link>.
      </p>
      <ul>
        <li>
          the microphone you chose, your chanter choice, saved custom chanters and input gain;
        </li>
        <li>preferences of each tool (metronome, flash cards, games);</li>
        <li>which tips and pop-ups you have already seen;</li>
        <li>your best local Blaster score and level;</li>
        <li>a settings version number and a short log of storage repairs.</li>
      </ul>
      <p>
        <strong>Your microphone sound is never recorded or sent anywhere.</strong> Pitch detection
        runs inside your browser; only the note it hears is used, on your screen.
      </p>

      <h2>Sent to the server, and why</h2>
      <ul>
        <li>
          <strong>Leaderboard scores:</strong> when you submit a Blaster score, the score, level,
          date, your initials (up to three letters) and an anonymous ID created in your browser, so
          your own scores can be shown back to you. The anonymous ID is random and not linked to
          your name.
        </li>
        <li>
          <strong>Contact, feature request and bug report forms:</strong> what you type in them
          (name, email, message), so we can answer you.
        </li>
        <li>
          <strong>If you sign in:</strong> your email address, to send sign-in links and to link
          your profile, playlists and scores to your account.
        </li>
        <li>
          <strong>Server logs:</strong> like any website, the server briefly logs requests (address,
          page, time) to keep the service running and to stop abuse.
        </li>
      </ul>

      <h2>What we do not do</h2>
      <ul>
        <li>No advertising, no selling or sharing of your data.</li>
        <li>No third-party trackers: {BRAND} runs on its own server without outside analytics.</li>
      </ul>

      <h2>Your choices</h2>
      <p>
        You can export, import or delete all locally stored settings in{' '}
        <Link to={paths.settings}>Settings</Link>. To have scores or form messages removed from the
        server, write to us through the <Link to={paths.contact}>contact form</Link>.
      </p>
    </section>
  );
}
