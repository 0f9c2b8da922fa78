// Paddle ids: prefix + 26 lowercase characters that sort in creation order (a lowercase ULID:
// 10 characters of millisecond time, 16 of a counter that only grows).

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** base-32 digits as toString(32) writes them (0-9a-v) → the same digits in ALPHABET */
const FROM_RADIX_32 = new Map([...'0123456789abcdefghijklmnopqrstuv'].map((d, i) => [d, ALPHABET[i]]));

/** The last `length` base-32 digits of `value` in ALPHABET (toString(32) is native: seeding 100,000 records makes 200,000). */
function encode(value: bigint, length: number): string {
  const digits = value.toString(32).padStart(length, '0').slice(-length);
  let out = '';
  for (const digit of digits) out += FROM_RADIX_32.get(digit);
  return out;
}

function decode(text: string): bigint | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 32n + BigInt(digit);
  }
  return value;
}

/** Hands out ids that sort after every id it handed out (or noticed) before, whatever the clock does. */
export class IdFactory {
  private lastTime = 0;
  private lastRandom = 0n;

  constructor(private readonly random: () => number = Math.random) {}

  next(prefix: string, atMs: number): string {
    if (atMs > this.lastTime) {
      this.lastTime = atMs;
      // 75 random bits of the 80: a burst within one millisecond cannot overflow the space
      const part = () => BigInt(Math.floor(this.random() * 2 ** 25));
      this.lastRandom = (part() << 50n) | (part() << 25n) | part();
    } else {
      this.lastRandom += 1n;
    }
    return `${prefix}_${encode(BigInt(this.lastTime), 10)}${encode(this.lastRandom, 16)}`;
  }

  /** An id made elsewhere (saved state, seed data): later ids sort after it, even if the clock is behind. */
  notice(id: string): void {
    const body = id.slice(id.indexOf('_') + 1);
    const time = decode(body.slice(0, 10));
    const random = decode(body.slice(10));
    if (body.length !== 26 || time === undefined || random === undefined) return;
    if (time > BigInt(this.lastTime) || (time === BigInt(this.lastTime) && random > this.lastRandom)) {
      this.lastTime = Number(time);
      this.lastRandom = random;
    }
  }
}

/** RFC 3339 in UTC with milliseconds, as Paddle sends for products and customers. */
export function timestamp(date: Date): string {
  return date.toISOString();
}

/** A small deterministic PRNG (mulberry32): repeatable faults and demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
