import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { useAuthSnapshot } from '../../lib/useAuthSnapshot.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import type { CreateTunePlayer } from '../../ui/tunes/useTunePlayer.ts';
import { FindSection } from './FindSection.tsx';
import { LibrarySearch } from './LibrarySearch.tsx';
import { MyUploads } from './MyUploads.tsx';
import { TunePageView } from './TunePageView.tsx';
import './sheetShare.css';

export interface SheetShareScreenProps {
  /** Test seams. */
  readonly fetchImpl?: typeof fetch;
  readonly createPlayer?: CreateTunePlayer;
}

/**
 * The tune library (/sheet-share, spec §2.1 and §2.2 'Library'; issue 15 items 3, 5, 6):
 * search the shared tunes, open a tune's page (`?tune=<slug>`), find a tune by playing it,
 * and — signed in — see and manage your own uploads.
 */
export default function SheetShareScreen({ fetchImpl, createPlayer }: SheetShareScreenProps) {
  const titleId = useId();
  const [params] = useSearchParams();
  // Issue 21.1: the prerendered first view fetches nothing; the page goes live once hydrated.
  const live = useHydrated();
  const auth = useAuthSnapshot();
  // The prerendered page is the search (no query at build time): a tune page's link is read
  // once hydrated, so the first client render matches the server's HTML.
  const slug = live ? params.get('tune') : null;

  return (
    <section className="page sheet-share" aria-labelledby={titleId}>
      <h1 id={titleId}>Library</h1>
      {slug ? (
        <TunePageView
          slug={slug}
          live={live}
          {...(fetchImpl ? { fetchImpl } : {})}
          {...(createPlayer ? { createPlayer } : {})}
        />
      ) : (
        <>
          <p className="share-intro">
            Pipe tunes to read, hear and play along with: the Chanterlab library and settings pipers
            have shared under open licences. <Link to={paths.importSong}>Add a tune</Link>
          </p>
          <FindSection {...(fetchImpl ? { fetchImpl } : {})} />
          <LibrarySearch live={live} {...(fetchImpl ? { fetchImpl } : {})} />
          {live && auth.status === 'signed-in' && (
            <MyUploads {...(fetchImpl ? { fetchImpl } : {})} />
          )}
        </>
      )}
    </section>
  );
}
