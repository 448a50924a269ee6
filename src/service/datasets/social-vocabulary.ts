/** Vocabulary of the social datasets (E10, E11): channel names, linked domains, username styles. */
import type { Rng } from "./prng";
import { word } from "./names";

/** Real-world channel topics, most popular first; generated names fill the long tail. */
export const KNOWN_CHANNELS = [
  "memes",
  "degen",
  "base",
  "art",
  "music",
  "photography",
  "dev",
  "founders",
  "ethereum",
  "zora",
  "nouns",
  "higher",
  "ai",
  "crypto",
  "books",
  "food",
  "sports",
  "nba",
  "football",
  "gaming",
  "politics",
  "science",
  "travel",
  "design",
  "cats",
  "dogs",
  "coffee",
  "frames",
  "solana",
  "bitcoin",
  "nft",
  "defi",
  "onchain",
  "build",
  "film",
  "anime",
  "fitness",
  "parenting",
  "history",
  "space",
  "poetry",
  "writing",
  "startups",
  "product",
  "jobs",
  "news",
  "tech",
  "memecoins",
  "airdrop",
  "gm",
  "dao",
  "governance",
  "privacy",
  "zk",
  "rollups",
  "analytics",
  "data",
  "maps",
  "plants",
  "running",
];

/** Domains people link in casts, most linked first. */
export const DOMAINS = [
  "youtube.com",
  "x.com",
  "github.com",
  "zora.co",
  "paragraph.xyz",
  "mirror.xyz",
  "opensea.io",
  "basescan.org",
  "etherscan.io",
  "substack.com",
  "medium.com",
  "imgur.com",
  "giphy.com",
  "spotify.com",
  "soundcloud.com",
  "nytimes.com",
  "theverge.com",
  "coindesk.com",
  "arxiv.org",
  "wikipedia.org",
  "highlight.xyz",
  "manifold.xyz",
  "uniswap.org",
  "dexscreener.com",
  "coingecko.com",
  "tiktok.com",
  "instagram.com",
  "reddit.com",
  "bandcamp.com",
  "vimeo.com",
];

/** Usernames: lower-case words, with digits, or ENS-style (`.eth`), at most 16 characters as the protocol allows. */
export function fnameStyle(rng: Rng): string {
  const r = rng.float();
  const w = word(rng, rng.int(1, 3)).slice(0, 11);
  if (r < 0.55) return w;
  if (r < 0.75) return `${w}${rng.int(1, 999)}`;
  if (r < 0.9) return `${w}.eth`;
  return `${w.slice(0, 8)}-${word(rng, 1).slice(0, 7)}`;
}

/** A username with a number worked in, keeping `.eth` last and the 16-character limit. */
export function numberedFname(name: string, n: number): string {
  const digits = String(n);
  const ens = name.endsWith(".eth");
  const stem = ens ? name.slice(0, -4) : name;
  return stem.slice(0, 16 - digits.length - (ens ? 4 : 0)) + digits + (ens ? ".eth" : "");
}

/** Channel names: a made-up word, sometimes a compound. */
export function channelStyle(rng: Rng): string {
  return rng.chance(0.8) ? word(rng, rng.int(1, 3)) : `${word(rng, 1)}-${word(rng, rng.int(1, 2))}`;
}
