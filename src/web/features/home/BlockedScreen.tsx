import './home.css';

/** Where a banned user lands (spec §2.3 Blocked, §6): the two sentences and nothing to act on. */
export default function BlockedScreen() {
  return (
    <section className="page blocked">
      <h1>Access Denied</h1>
      <p>You have been blocked from accessing this site.</p>
    </section>
  );
}
