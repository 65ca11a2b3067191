/** A small seeded PRNG (mulberry32): the same seed gives the same catalogue on every start. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (probability) => next() < probability,
  };
}

/** 'Volini Pain Relief Gel 30g' → 'volini-pain-relief-gel-30g'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** 'Aceclofenac (100mg) + Paracetamol (325mg)' → '100mg + 325mg'; none → null. */
export function strengthFromSalt(salt: string | null): string | null {
  if (!salt) return null;
  const parts = [...salt.matchAll(/\(([^)]*\d[^)]*)\)/g)].map((m) => m[1] ?? '');
  return parts.length ? parts.join(' + ') : null;
}

/** Offer price from an MRP and a discount, in paise, rounded to 10 paise, never below the floor. */
export function offerPriceMinor(mrpMinor: number, discountPercent: number, floorMinor: number) {
  const offer = Math.round((mrpMinor * (100 - discountPercent)) / 100 / 10) * 10;
  return Math.min(mrpMinor, Math.max(floorMinor, offer));
}
