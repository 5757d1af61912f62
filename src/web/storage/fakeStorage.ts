/** A Web Storage with a byte quota, for tests (simulates QuotaExceededError). */
export class FakeStorage implements Storage {
  private readonly map = new Map<string, string>();
  constructor(
    /** Quota in UTF-16 code units over keys and values; Infinity for none. */
    public quota = Infinity,
  ) {}
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const next = new Map(this.map);
    next.set(key, String(value));
    if (FakeStorage.used(next) > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
  used(): number {
    return FakeStorage.used(this.map);
  }
  private static used(map: Map<string, string>): number {
    let n = 0;
    for (const [k, v] of map) n += k.length + v.length;
    return n;
  }
  [name: string]: unknown;
}
