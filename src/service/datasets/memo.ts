/**
 * A small per-seed memo for identities (pair universes, user populations): they depend only on the seed, so a service
 * that writes one snapshot per refresh builds them once. Bounded, because tests try many seeds.
 */
export function memoBySeed<T>(build: (seed: number) => T, max = 4): (seed: number) => T {
  const cache = new Map<number, T>();
  return (seed) => {
    let value = cache.get(seed);
    if (value === undefined) {
      value = build(seed);
      if (cache.size >= max) cache.delete(cache.keys().next().value as number);
      cache.set(seed, value);
    }
    return value;
  };
}
