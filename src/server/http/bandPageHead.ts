/**
 * The HTML head of `/band/{bandId}` (issue 16 item 4: 'The server sends its title, description
 * and JSON-LD (MusicGroup with its locality) in the HTML, like every public route'; ADR 004).
 * The route is dynamic, so the head is built per request from the database; a band that is not
 * listed gets the not-found head (and the page a 404), for every visitor alike: the HTML never
 * says more than the public listing. Everything goes through seoHeadHtml, which escapes it.
 */
import { BAND_GRADE_LABELS, directoryMessages } from '../../contracts/directory/directoryTerms.ts';
import { BAND_LOGO_PATTERN } from '../../contracts/directory/bandRoutes.ts';
import { BRAND, documentTitle, pathTo, type RouteMeta } from '../../contracts/routes.ts';
import { seoHead, type SeoHead } from '../../contracts/seo.ts';
import type { Db } from '../db/client.ts';
import type { DynamicHead } from '../routes/spa.ts';
import { bandForViewer, type ViewedBand } from '../services/directory/bandForViewer.ts';
import { ANONYMOUS_VIEWER } from '../services/directory/listingViewer.ts';

/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80))}…`;
}

export function bandPageHead(
  meta: RouteMeta,
  band: ViewedBand | null,
  siteUrl: string,
  pathname: string,
): SeoHead {
  if (!band) {
    const base = seoHead(meta, siteUrl, pathname, {
      description: directoryMessages.notFound,
      keywords: ['pipe band'],
    });
    return { ...base, title: documentTitle({ title: 'Band not found' }), robots: 'noindex' };
  }
  const summary = `${band.name}: a ${BAND_GRADE_LABELS[band.grade].toLowerCase()} pipe band in ${band.town}, ${band.country}.`;
  const description = shorten(band.description ? `${summary} ${band.description}` : summary);
  const base = seoHead(meta, siteUrl, pathname, {
    description,
    keywords: ['pipe band', band.name, band.town],
  });
  const root = siteUrl.replace(/\/+$/, '');
  const image = band.logoEtag
    ? `${root}${pathTo(BAND_LOGO_PATTERN, { bandId: band.id })}?v=${encodeURIComponent(band.logoEtag)}`
    : base.imageUrl;
  return {
    ...base,
    title: documentTitle({ title: band.name }),
    imageUrl: image,
    // Listed bands are what people search for; the route table marks parameter routes noindex.
    robots: 'index, follow',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'MusicGroup',
      name: band.name,
      description,
      url: base.canonicalUrl,
      image,
      genre: 'Pipe band',
      address: {
        '@type': 'PostalAddress',
        addressLocality: band.town,
        addressCountry: band.country,
      },
      isPartOf: { '@type': 'WebSite', name: BRAND, url: `${root}/` },
    },
  };
}

/** spa.ts's dynamic head for the band route; other routes keep the route table's head. */
export function bandDynamicHead(db: Db, siteUrl: string): DynamicHead {
  return async (meta, pathname) => {
    if (meta.screen !== 'band') return undefined;
    // Ids are UUIDs: anything else (encoded or not) is simply not found.
    const bandId = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
    // The HTML is the same for everyone (the page reads a manager's view through the API).
    const band = await bandForViewer(db, bandId, ANONYMOUS_VIEWER);
    return { head: bandPageHead(meta, band, siteUrl, pathname), status: band ? 200 : 404 };
  };
}
