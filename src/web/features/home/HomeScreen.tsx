import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BRAND, paths } from '../../../contracts/routes.ts';
import { ChanterArt } from './ChanterArt.tsx';
import { resetOneTimeMessages } from '../../ui/resetOneTimeMessages.ts';
import { FOLLOW_URL, features, titleOf, WELCOME_POPUP_ID } from './homeFeatures.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import './home.css';

// The strip and its audio engine load after Home paints (bundle budget, rules.md point 7).
const HomeNoteStrip = lazy(() => import('./HomeNoteStrip.tsx'));
// The welcome floats over the page once hydrated; its dialog code is not part of the first
// load's budgeted JavaScript (issue 21 item 4).
const InstructionPopup = lazy(() =>
  import('../../ui/InstructionPopup.tsx').then((m) => ({ default: m.InstructionPopup })),
);

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" fill="none" />
    </svg>
  );
}

function KeyboardIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2" y="6" width="20" height="12" rx="2" fill="none" />
      <path d="M6 10h1M10 10h1M14 10h1M18 10h1M7 14h10" fill="none" />
    </svg>
  );
}

function FollowIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 21s-7-4.4-9.3-9A5.3 5.3 0 0 1 12 6.3 5.3 5.3 0 0 1 21.3 12C19 16.6 12 21 12 21z" />
    </svg>
  );
}

/** Home (spec §2.3): what Chanterlab is, the two ways to play, and a card per feature. */
export default function HomeScreen() {
  const hydrated = useHydrated();
  return (
    <section className="page home" aria-labelledby="home-title">
      {/* The route title is 'Home' (spec §2.1); the hero's headline says what the app is. */}
      <h1 id="home-title" className="home-visually-hidden">
        Home
      </h1>
      <div className="home-hero">
        <div className="home-hero-text">
          <p className="home-brand">{BRAND}</p>
          <h2 className="home-headline">
            Practise the Highland bagpipe with the chanter in your hands
          </h2>
          <p className="home-lead">
            {BRAND} listens to your practice chanter through the microphone and shows you the note
            you are playing. No chanter to hand, or playing late at night? Use your computer
            keyboard as a chanter.
          </p>
          <ul className="home-modes" aria-label="Two ways to play">
            <li>
              <MicIcon />
              Your chanter and a microphone
            </li>
            <li>
              <KeyboardIcon />
              Your keyboard as a chanter
            </li>
          </ul>
          <div className="home-cta">
            <Link className="button home-cta-primary" to={paths.tuner}>
              Open the tuner
            </Link>
            <Link className="button secondary home-cta-secondary" to={paths.flashcards}>
              Learn the notes
            </Link>
          </div>
        </div>
        <ChanterArt />
      </div>

      <section className="home-strip" aria-labelledby="home-strip-title">
        <h2 id="home-strip-title">The nine notes</h2>
        {/* Browser-only: prerendered, its Play button would sit dead until the strip's own
            chunk hydrated, and a piper's early click was lost (issue 21.1). The placeholder
            keeps its space, so nothing shifts when it arrives. */}
        {hydrated ? (
          <Suspense fallback={<div className="home-strip-placeholder" />}>
            <HomeNoteStrip />
          </Suspense>
        ) : (
          <div className="home-strip-placeholder" />
        )}
      </section>

      <section className="home-features" aria-labelledby="home-features-title">
        <h2 id="home-features-title">What you can do</h2>
        <ul className="home-grid">
          {features.map((f) => (
            <li
              key={f.screen}
              className={`card home-card home-kind-${f.kind.replace(' ', '-').toLowerCase()}`}
            >
              <p className="home-card-kind">{f.kind}</p>
              <h3>
                <Link to={paths[f.screen]}>{titleOf(f.screen)}</Link>
              </h3>
              <p>{f.blurb}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-more" aria-labelledby="home-more-title">
        <h2 id="home-more-title" className="home-visually-hidden">
          More
        </h2>
        <a
          className="button home-follow"
          href={FOLLOW_URL}
          rel="noopener noreferrer"
          target="_blank"
        >
          <FollowIcon />
          Follow {BRAND}
          <span className="home-visually-hidden"> (opens in a new tab)</span>
        </a>
        <button type="button" className="button secondary" onClick={() => resetOneTimeMessages()}>
          Show All One Time Messages
        </button>
        <Link className="home-privacy" to={paths.privacy}>
          Privacy policy
        </Link>
      </section>

      {hydrated ? (
        <Suspense fallback={null}>
          <InstructionPopup
            id={WELCOME_POPUP_ID}
            title={`Welcome to ${BRAND}`}
            modal={false}
            oncePerSession
            message={
              <>
                <p>
                  Pick a tool and play: {BRAND} listens to your practice chanter through the
                  microphone, or use your computer keyboard as a chanter.
                </p>
                <p>Your settings stay in this browser. Change them any time in Settings.</p>
              </>
            }
          />
        </Suspense>
      ) : null}
    </section>
  );
}
