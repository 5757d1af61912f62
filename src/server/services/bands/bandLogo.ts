/**
 * Band logos (issue 16 item 1: 'a logo — image upload with type and size limits, re-encoded on
 * the server'). The type is decided by the file's first bytes, not the name or the declared
 * type; the image is decoded and re-encoded with sharp to a WebP at most logoSizePx on its
 * longer side, which also drops every piece of metadata (EXIF GPS included). sharp (libvips,
 * ~30 MB of RSS) is loaded at the first upload, not at start (docs/decisions/015-memory-budget.md).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DIRECTORY_LIMITS,
  directoryMessages as m,
} from '../../../contracts/directory/directoryTerms.ts';
import { band_logos, bands } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { refuseUnlessManager, roleOf, type BandViewer } from './bandAccess.ts';
import { logoUrlOf, readBandRow, type Reader } from './bandRows.ts';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type by magic bytes (PNG signature, JPEG SOI marker, RIFF…WEBP), else null. */
export function sniffImageType(bytes: Uint8Array): LogoType | null {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const logoError = (message: string) => badRequest(`logo: ${message}`, 'validation');

/** Checks and re-encodes an upload: the WebP bytes and their content hash. */
export async function encodeLogo(base64: string): Promise<{ bytes: Buffer; etag: string }> {
  const input = Buffer.from(base64, 'base64');
  if (input.length > DIRECTORY_LIMITS.logoBytesMax) throw logoError(m.logoSize);
  if (input.length === 0 || !sniffImageType(input)) throw logoError(m.logoType);
  const { default: sharp } = await import('sharp');
  const size = DIRECTORY_LIMITS.logoSizePx;
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate() // EXIF orientation applied before the metadata goes
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw logoError(m.logoUnreadable);
  }
  const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { bytes, etag };
}

async function requireManager(db: Reader, viewer: BandViewer, bandId: string, now: Date) {
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  refuseUnlessManager(row, await roleOf(db, bandId, viewer.userId), viewer, now);
}

export async function uploadLogo(
  db: Reader,
  viewer: BandViewer,
  bandId: string,
  base64: string,
  now: Date = new Date(),
): Promise<{ logoUrl: string }> {
  await requireManager(db, viewer, bandId, now);
  const { bytes, etag } = await encodeLogo(base64);
  const values = { mime: 'image/webp', bytes, etag, updated_at: now.toISOString() };
  await db
    .insert(band_logos)
    .values({ band_id: bandId, ...values })
    .onConflictDoUpdate({ target: band_logos.band_id, set: values });
  // A new logo on a public listing goes to the moderators' Edited tab like any other change.
  await db
    .update(bands)
    .set({
      updated_at: now.toISOString(),
      edited_at: sql`case when ${bands.status} = 'public' then ${now.toISOString()}::timestamptz else ${bands.edited_at} end`,
    })
    .where(eq(bands.id, bandId));
  return { logoUrl: logoUrlOf(bandId, etag)! };
}

export async function removeLogo(
  db: Reader,
  viewer: BandViewer,
  bandId: string,
  now: Date = new Date(),
): Promise<{ removed: true }> {
  await requireManager(db, viewer, bandId, now);
  await db.delete(band_logos).where(eq(band_logos.band_id, bandId));
  return { removed: true };
}

/** The stored logo, for the resource route (which checks visibility first). */
export async function readLogo(
  db: Reader,
  bandId: string,
): Promise<{ bytes: Uint8Array; etag: string } | null> {
  const [row] = await db
    .select({ bytes: band_logos.bytes, etag: band_logos.etag })
    .from(band_logos)
    .where(eq(band_logos.band_id, bandId))
    .limit(1);
  return row ?? null;
}
