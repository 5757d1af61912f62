import { Link } from 'react-router';
import { BRAND, paths } from '../../../contracts/routes.ts';
import './info.css';

/** About (spec §1, §2.3 'About and Credits'): static text. */
export default function AboutScreen() {
  return (
    <section className="page info" aria-labelledby="about-title">
      <h1 id="about-title">About Us</h1>
      <p className="info-lead">
        {BRAND} is a practice companion for Highland bagpipe learners and pipers: it listens to your
        practice chanter through the microphone, or lets your computer keyboard be the chanter, and
        turns practice into tools and games.
      </p>
      <h2>Under active development</h2>
      <p>
        {BRAND} is under active development: new tools, tunes and games arrive often, and some pages
        are still being built. Tell us what works, what does not and what you would like next
        through the <Link to={paths.contact}>contact form</Link>, or send a{' '}
        <Link to={paths.featureRequest}>feature request or bug report</Link>.
      </p>
      <h2>Tutors and bands</h2>
      {/* Spec §1: listings are free during the launch phase (issue 16 built them); tutors and
          bands get the AI composer (issue 19), which runs on the piper's own device. */}
      <p>
        Listing a piping tutor or a pipe band is free during the launch phase: tutors list
        themselves from their <Link to={paths.profile}>profile</Link>, bands on{' '}
        <Link to={paths.bandRegistration}>band registration</Link>, and pipers find them on{' '}
        <Link to={paths.instruction}>Instruction</Link> and <Link to={paths.bands}>Find Bands</Link>
        . Tutors and bands also get an AI sheet-music generator: the{' '}
        <Link to={paths.aiSheetNovel}>AI Composer</Link> writes new pipe tunes in every common form
        for pupils to read and play, on your own device. See the{' '}
        <Link to={paths.tutorInvitation}>invitation for tutors</Link> and the{' '}
        <Link to={paths.bandInvitation}>invitation for bands</Link>.
      </p>
      <h2>Open source</h2>
      <p>
        {BRAND} is open source and self-hostable: a piping school or band can run its own copy with
        one command. It is built on the libraries listed in the{' '}
        <Link to={paths.credits}>credits</Link>.
      </p>
      <p>© 2025 {BRAND}</p>
    </section>
  );
}
