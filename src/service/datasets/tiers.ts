/**
 * Tier codes and names of the social datasets. The spec says tiers are numeric codes with a matching name column but
 * does not show the mapping; the channel columns `active_npc` .. `active_vip` name five user tiers, so the codes are
 * those five in rising order. Channels use the same scale (one lookup table for the add-in, one meaning of "tier").
 */
export const TIER_NAMES = ["npc", "active", "star", "influencer", "vip"] as const;

export type TierName = (typeof TIER_NAMES)[number];

/** The tier of a weekly engagement figure, given the lower bounds of tiers 1..4. */
export function tierOf(engagement: number, bounds: readonly [number, number, number, number]): number {
  let tier = 0;
  while (tier < 4 && engagement >= bounds[tier]) tier++;
  return tier;
}
