/** Placeholder until the main menu lands (being built in parallel). */
export function MainMenu(_props: { signedIn: boolean; onSignOut: () => void | Promise<void> }) {
  return (
    <header className="site-header">
      <a href="/" className="brand">
        Chanterlab
      </a>
    </header>
  );
}
