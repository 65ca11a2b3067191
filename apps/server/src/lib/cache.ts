/**
 * In-process caches for catalogue reads (docs/performance.md). Each server keeps its own: entries
 * expire after a few seconds, which bounds how stale another instance's change can look, and a
 * change made through this instance moves the version on so its own answers are fresh at once.
 */

/** Moves on every time the thing it watches changes. */
export interface ChangeCounter {
  readonly value: number;
  bump(): void;
}

export function createChangeCounter(): ChangeCounter {
  let value = 0;
  return {
    get value() {
      return value;
    },
    bump() {
      value += 1;
    },
  };
}

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** Stores under `version` (default: the current one). */
  set(key: string, value: V, version?: number): void;
  delete(key: string): void;
  readonly size: number;
}

interface Entry<V> {
  value: V;
  expires: number;
  version: number;
}

/**
 * At most `maxEntries` values, each for `ttlMs` and only while `version()` is what it was when it
 * was stored. When full, the oldest entry goes. A ttlMs of 0 stores nothing.
 */
export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  version?: () => number;
}): TtlCache<V> {
  const entries = new Map<string, Entry<V>>();
  const version = options.version ?? (() => 0);

  const get = (key: string): V | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now() || entry.version !== version()) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  };

  const set = (key: string, value: V, atVersion = version()): void => {
    if (options.ttlMs <= 0) return;
    entries.delete(key);
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, { value, expires: Date.now() + options.ttlMs, version: atVersion });
  };

  return {
    get,
    set,
    delete: (key) => {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The cached value of `key`, or the one `load` gives. The promise itself is stored, so callers
 * asking at the same time share one load; a failed load is forgotten.
 */
export function loadThrough<V>(
  cache: TtlCache<Promise<V>>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const loading = load();
  cache.set(key, loading);
  loading.catch(() => {
    if (cache.get(key) === loading) cache.delete(key);
  });
  return loading;
}
