/**
 * The OMR benchmark's page conditions (issue 20 'Measured'): a clean rendered page made to
 * look photocopied or photographed with a phone, seeded so every run degrades a page the same
 * way. sharp does the geometry it has (rotation, blur, JPEG); the rest is plain pixel work on
 * the raw grey buffer.
 *
 *   photocopy — 1° skew, slight blur, hard contrast (toner: thin strokes break, thick ones
 *               spread), salt-and-pepper noise and speckle (dust on the glass); PNG, as a
 *               scanner writes it.
 *   phone     — perspective of a few per cent (the phone not quite square over the page),
 *               uneven light (bright near one corner, a darker falloff), a grey-black ink
 *               floor, mild blur, JPEG at quality 70.
 */
import sharp, { type Sharp } from 'sharp';
import { seededRandom, type Random } from '../../src/music/random.ts';

export type Condition = 'clean' | 'photocopy' | 'phone';

export const conditions: readonly Condition[] = ['clean', 'photocopy', 'phone'];

export interface Degraded {
  readonly bytes: Buffer;
  readonly format: 'png' | 'jpeg';
}

interface Raw {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

async function rawGray(input: Sharp): Promise<Raw> {
  const { data, info } = await input
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const fromRaw = (raw: Raw) =>
  sharp(Buffer.from(raw.data), { raw: { width: raw.width, height: raw.height, channels: 1 } });

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** `png` is a clean page; `dpi` scales blur and speckle so each resolution gets the same damage. */
export async function degradePage(
  png: Buffer,
  condition: Condition,
  dpi: number,
  seed: number,
): Promise<Degraded> {
  if (condition === 'clean') return { bytes: png, format: 'png' };
  const random = seededRandom(seed);
  const scale = dpi / 150;
  if (condition === 'photocopy') return photocopy(png, scale, random);
  return phone(png, scale, random);
}

async function photocopy(png: Buffer, scale: number, random: Random): Promise<Degraded> {
  const angle = random() < 0.5 ? -1 : 1;
  const page = await rawGray(
    sharp(png)
      .flatten({ background: '#ffffff' })
      .rotate(angle, { background: '#ffffff' })
      .blur(0.45 * scale),
  );
  const { data, width, height } = page;
  // Toner: a steep curve around mid grey, the copier's own darkness varying a little.
  const bias = (random() - 0.5) * 30;
  for (let i = 0; i < data.length; i++) data[i] = clamp((data[i]! - 128 + bias) * 2.5 + 128);
  // Salt and pepper: 0.2 % of pixels flipped to black or white.
  const flips = Math.round(data.length * 0.002);
  for (let k = 0; k < flips; k++) {
    data[Math.floor(random() * data.length)] = random() < 0.5 ? 0 : 255;
  }
  // Speckle: dust blobs of 1–2.5 px radius at 150 dpi, about 40 per A4 page.
  // Per area of paper, so every resolution gets the same dust: A4 is 1240 × 1754 px at 150 dpi.
  const blobs = Math.round((40 * width * height) / (1240 * 1754 * scale * scale));
  for (let k = 0; k < blobs; k++) {
    const cx = random() * width;
    const cy = random() * height;
    const r = (1 + random() * 1.5) * scale;
    const shade = Math.floor(random() * 90);
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(height - 1, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(width - 1, cx + r); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) data[y * width + x] = shade;
      }
    }
  }
  return { bytes: await fromRaw(page).png().toBuffer(), format: 'png' };
}

/**
 * The homography taking the unit square's corners (0,0) (1,0) (1,1) (0,1) to `to` (Heckbert,
 * 'Fundamentals of Texture Mapping and Image Warping', 1989, §2.2.3: square-to-quad in closed
 * form). Returns the 3×3 matrix row-major.
 */
function squareToQuad(to: readonly (readonly [number, number])[]): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = to as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/** The inverse of a 3×3 matrix (adjugate; a homography's scale does not matter). */
function invert3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
}

async function phone(png: Buffer, scale: number, random: Random): Promise<Degraded> {
  const src = await rawGray(sharp(png).flatten({ background: '#ffffff' }));
  const { width, height } = src;
  // The page's corners land up to 4 % in from where a square-on photo would put them.
  const jitter = () => 0.01 + random() * 0.03;
  const quad: Array<[number, number]> = [
    [jitter() * width, jitter() * height],
    [(1 - jitter()) * width, jitter() * height],
    [(1 - jitter()) * width, (1 - jitter()) * height],
    [jitter() * width, (1 - jitter()) * height],
  ];
  // Output pixel → unit square → source pixel.
  const toUnit = invert3(squareToQuad(quad));
  const out = new Uint8Array(width * height);
  const table = 150; // what shows around the page
  const lightX = random() < 0.5 ? 0 : width;
  const lightY = random() < 0.5 ? 0 : height;
  const reach = Math.hypot(width, height);
  const ink = 30 + random() * 25;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = toUnit[6]! * x + toUnit[7]! * y + toUnit[8]!;
      const u = (toUnit[0]! * x + toUnit[1]! * y + toUnit[2]!) / w;
      const v = (toUnit[3]! * x + toUnit[4]! * y + toUnit[5]!) / w;
      let value = table;
      if (u >= 0 && u <= 1 && v >= 0 && v <= 1) {
        // Bilinear sample of the page.
        const sx = u * (width - 1);
        const sy = v * (height - 1);
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const x1 = Math.min(width - 1, x0 + 1);
        const y1 = Math.min(height - 1, y0 + 1);
        const fx = sx - x0;
        const fy = sy - y0;
        const p = src.data;
        const top = p[y0 * width + x0]! * (1 - fx) + p[y0 * width + x1]! * fx;
        const bottom = p[y1 * width + x0]! * (1 - fx) + p[y1 * width + x1]! * fx;
        // Ink is never quite black in a photo: paper 255 → lit paper, ink 0 → `ink`.
        value = ink + ((top * (1 - fy) + bottom * fy) / 255) * (255 - ink);
      }
      // Light falls off from one corner to 65 % at the far one.
      const light = 1 - 0.35 * (Math.hypot(x - lightX, y - lightY) / reach);
      out[y * width + x] = clamp(value * light);
    }
  }
  const bytes = await fromRaw({ width, height, data: out })
    .blur(0.6 * scale)
    .jpeg({ quality: 70 })
    .toBuffer();
  return { bytes, format: 'jpeg' };
}
