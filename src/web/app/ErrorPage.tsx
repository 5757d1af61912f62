import { paths } from '../../contracts/routes.ts';

/**
 * The router's error page (spec §8 'Other': headed 'Unexpected Application Error!'), shown by
 * RouteErrorBoundary in place of the whole layout.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="error-page" id="main">
      <h1>Unexpected Application Error!</h1>
      <p className="error-detail">{detail}</p>
      <p>
        Something went wrong while showing this page. Your saved settings are safe.{' '}
        <a href={paths.home}>Go back home</a>
      </p>
    </main>
  );
}
