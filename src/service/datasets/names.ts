/**
 * Made-up but pronounceable names: token tickers, usernames, channel and project names. Built from syllables so a
 * generated `ZORBIX` or `@kelvano` reads like the real thing next to hand-picked names, and uniquified because the
 * datasets use names as identities (a username, a channel, a ticker within a chain).
 */
import type { Rng } from "./prng";

const ONSETS = [
  "b",
  "d",
  "f",
  "g",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "z",
  "br",
  "cr",
  "dr",
  "fl",
  "gr",
  "kr",
  "pl",
  "st",
  "tr",
  "sh",
  "ch",
  "j",
  "w",
  "y",
  "h",
  "x",
];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io", "oo", "y"];
const CODAS = ["", "", "", "n", "r", "x", "s", "k", "m", "l", "th", "nd", "rk", "z"];

/** One made-up word of `syllables` syllables, lower case. */
export function word(rng: Rng, syllables: number): string {
  let out = "";
  for (let i = 0; i < syllables; i++)
    out += rng.pick(ONSETS) + rng.pick(VOWELS) + (i === syllables - 1 ? rng.pick(CODAS) : "");
  return out;
}

/**
 * Draws names with `draw` until one is not in `taken`, then records it. After a few collisions a number is worked in
 * (by `numbered`, default: appended), the way people settle for `alice42` when `alice` is gone, so the loop always ends.
 */
export function uniqueName(
  rng: Rng,
  taken: Set<string>,
  draw: (rng: Rng) => string,
  numbered: (name: string, n: number) => string = (name, n) => name + n,
): string {
  for (let attempt = 0; ; attempt++) {
    let name = draw(rng);
    if (attempt >= 4) name = numbered(name, rng.int(2, 9999));
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** `Title Case` of a lower-case word. */
export function titleCase(text: string): string {
  return text.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** A URL-friendly form of a display name: `Kiln Finance` → `kilnfinance`. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
