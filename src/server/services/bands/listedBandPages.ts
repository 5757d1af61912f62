/**
 * The band pages a search engine may index: every listed band's `/band/{id}`, for the sitemap
 * (spec §2.1 SEO; issue 16 item 4 made band pages public, with their own title and JSON-LD, but
 * the sitemap named only the route table's fixed paths). Listed is the directory's one rule, so a
 * pending, hidden or lapsed band never appears. Bounded: a sitemap holds at most 50,000 URLs
 * (sitemaps.org), and the fixed routes take a few of them.
 */
import { asc } from 'drizzle-orm';
import { pathTo } from '../../../contracts/routes.ts';
import { bands } from '../../db/schema/index.ts';
import { listedCondition } from './bandListing.ts';
import type { Reader } from './bandRows.ts';

export const MAX_SITEMAP_BANDS = 49_000;

export interface SitemapPage {
  readonly path: string;
  /** W3C date (YYYY-MM-DD) of the page's last change. */
  readonly lastmod: string;
}

export async function listedBandPages(
  db: Reader,
  now: Date = new Date(),
  limit = MAX_SITEMAP_BANDS,
): Promise<SitemapPage[]> {
  const rows = await db
    .select({ id: bands.id, updated_at: bands.updated_at })
    .from(bands)
    .where(listedCondition(now))
    .orderBy(asc(bands.id))
    .limit(limit);
  return rows.map((r) => ({
    path: pathTo('/band/:bandId', { bandId: String(r.id) }),
    lastmod: new Date(r.updated_at).toISOString().slice(0, 10),
  }));
}
