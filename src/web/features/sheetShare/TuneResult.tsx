import { Link } from 'react-router';
import type { TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import { ScorePreview } from './ScorePreview.tsx';

/** The address of a tune's page in the library. */
export const tunePageHref = (slug: string) =>
  `${paths.sheetShare}?tune=${encodeURIComponent(slug)}`;

export function tuneFacts(tune: TuneSummary): string {
  const composer = tune.composerDates ? `${tune.composer} (${tune.composerDates})` : tune.composer;
  return [TUNE_TYPE_LABELS[tune.type], tune.timeSignature, composer].filter(Boolean).join(' · ');
}

/** One search result: title, aliases, type, time, composer and the first line of music. */
export function TuneResult({ tune }: { readonly tune: TuneSummary }) {
  return (
    <li className="share-result">
      <h3 className="share-result-title">
        <Link to={tunePageHref(tune.slug)}>{tune.title}</Link>
        {tune.featured && <span className="share-badge">Featured</span>}
      </h3>
      {tune.aliases.length > 0 && (
        <p className="share-aliases">Also known as {tune.aliases.join(', ')}</p>
      )}
      <p className="share-facts">
        {tuneFacts(tune)}
        {tune.settingCount > 1 && ` · ${tune.settingCount} settings`}
      </p>
      {tune.previewBww && (
        <ScorePreview bww={tune.previewBww} label={`First line of ${tune.title}`} />
      )}
    </li>
  );
}
