// Search-as-you-type terms derived from the catalogue's own product names: prefixes of a name as
// a shopper types it, and misspellings of one of its words (a letter dropped, two swapped, one
// replaced or doubled). Deterministic for a given list of names.

/** A small seeded PRNG (mulberry32) so every run asks the same questions. */
export function createRandom(seed) {
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
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function misspell(word, random) {
  const i = random.int(1, word.length - 2);
  switch (random.int(0, 3)) {
    case 0: // a letter dropped: paracetmol
      return word.slice(0, i) + word.slice(i + 1);
    case 1: // two letters swapped: paracetalom
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2: // a letter replaced by another
      return word.slice(0, i) + random.pick(LETTERS.replace(word[i], '')) + word.slice(i + 1);
    default: // a letter doubled
      return word.slice(0, i) + word[i] + word.slice(i);
  }
}

/**
 * `count` terms: about 60% prefixes (2 to 12 characters of a name, as typed), 40% misspelt words
 * of 5 letters or more. Names are sampled with the seed; duplicates are allowed, as in real use.
 */
export function searchTerms(names, count = 500, seed = 0x5ea6c4) {
  const random = createRandom(seed);
  const terms = [];
  let guard = 0;
  while (terms.length < count && guard++ < count * 20) {
    const name = random.pick(names).toLowerCase();
    if (random.next() < 0.6) {
      const length = Math.min(name.length, random.int(2, 12));
      terms.push({ kind: 'prefix', term: name.slice(0, length).trimEnd() });
    } else {
      const words = name.split(/[^a-z]+/).filter((w) => w.length >= 5);
      if (words.length === 0) continue;
      terms.push({ kind: 'typo', term: misspell(random.pick(words), random) });
    }
  }
  return terms;
}
