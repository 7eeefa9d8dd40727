// The seeded draws every choice of a panel persona is made with.

/** MurmurHash3's finaliser: every bit of the input moves about half the bits of the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A small seeded generator (mulberry32) of one member and purpose (`salt`):
 * the same seed, index and salt give the same draws; neighbouring indexes
 * give unrelated ones.
 */
export function generator(seed: number, index: number, salt: number): () => number {
  let state = mix(mix(mix(seed) ^ salt) ^ mix(index + 0x9e3779b9));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
