/**
 * A seeded pseudo-random source (sfc32, seeded through splitmix32): the same seed gives the
 * same data set on every machine, so benchmark runs and test failures can be reproduced.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniform unsigned 32-bit integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.uint32() / 4_294_967_296;
  }

  /** A uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A uniform number in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Shuffles in place (Fisher-Yates). */
  shuffle<T extends { length: number; [index: number]: unknown }>(items: T): T {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const swap = items[i];
      items[i] = items[j];
      items[j] = swap;
    }
    return items;
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    let text = "";
    while (text.length < length) text += this.uint32().toString(16).padStart(8, "0");
    return text.slice(0, length);
  }
}

/**
 * Deterministic version 7 UUIDs: a clock that advances one millisecond per UUID (so keys are
 * time-ordered and B-tree inserts stay at the right edge, as m3's own uuidV7 keeps them),
 * random bits from the seeded source.
 */
export class SeededUuids {
  private millis: number;
  private readonly bytes = Buffer.alloc(16);

  constructor(
    private readonly random: SeededRandom,
    startMillis: number,
  ) {
    this.millis = startMillis;
  }

  next(): string {
    const bytes = this.bytes;
    bytes.writeUIntBE(this.millis++, 0, 6);
    bytes.writeUInt32BE(this.random.uint32(), 6);
    bytes.writeUInt32BE(this.random.uint32(), 10);
    bytes.writeUInt16BE(this.random.uint32() & 0xffff, 14);
    bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70;
    bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
    const hex = bytes.toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
