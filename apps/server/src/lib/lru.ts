// What a node keeps in memory, bounded: the entries used last stay, the oldest use goes first. A
// Map keeps insertion order, so a hit is moved to the end and the first key is the one to drop.
// Bounded by a weight (default: 1 an entry); the newest entry stays even if it alone weighs more.

export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private held = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value without counting a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.held += this.weigh(value);
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.max || this.entries.size === 1) break;
      this.entries.delete(oldest);
      this.held -= this.weigh(entry);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.held -= this.weigh(value);
  }

  get size(): number {
    return this.entries.size;
  }
}
