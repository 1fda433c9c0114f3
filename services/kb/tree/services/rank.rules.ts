import { DomainError } from "../../../kit/errors/domain-error.js";

export interface RankPair {
  rankLevel: string | undefined;
  rankName: string | undefined;
}

const pair = (rankLevel: string | undefined, rankName: string | undefined): RankPair => ({
  rankLevel,
  rankName,
});

/** The legacy RankValidator's list, in taxonomic order; the empty rank comes first. */
export const RANKS: readonly RankPair[] = [
  pair(undefined, undefined),
  ...["domain", "realm"].flatMap((name) => [pair(undefined, name), pair("sub", name)]),
  pair("super", "kingdom"),
  pair(undefined, "kingdom"),
  pair("sub", "kingdom"),
  pair("infra", "kingdom"),
  pair("super", "phylum"),
  pair(undefined, "phylum"),
  pair("sub", "phylum"),
  pair("infra", "phylum"),
  pair("parv", "phylum"),
  pair("micro", "phylum"),
  pair("super", "class"),
  pair(undefined, "class"),
  pair("giga", "class"),
  pair("infra", "class"),
  pair("sub", "class"),
  pair("super", "division"),
  pair(undefined, "division"),
  pair("sub", "division"),
  pair("infra", "division"),
  pair("super", "order"),
  pair(undefined, "order"),
  pair("sub", "order"),
  pair("infra", "order"),
  pair(undefined, "section"),
  pair("sub", "section"),
  pair("super", "family"),
  pair("epi", "family"),
  pair(undefined, "family"),
  pair("sub", "family"),
  pair("infra", "family"),
  pair("super", "tribe"),
  pair(undefined, "tribe"),
  pair("sub", "tribe"),
  pair("infra", "tribe"),
  pair("super", "genus"),
  pair(undefined, "genus"),
  pair("sub", "genus"),
  pair(undefined, "species complex"),
  pair(undefined, "species"),
  pair("sub", "species"),
  pair(undefined, "variety"),
  pair("sub", "variety"),
  pair(undefined, "form"),
];

const VALID_RANKS = new Set(RANKS.map((rank) => joinedRank(rank)?.toLowerCase() ?? ""));
const RANK_NAMES = new Set(RANKS.map((rank) => rank.rankName).filter((name) => name !== undefined));

/** Level and name joined ("sub" + "genus" = "subgenus"), or undefined when both are unset. */
export function joinedRank(rank: RankPair): string | undefined {
  if (rank.rankLevel === undefined && rank.rankName === undefined) return undefined;
  return `${rank.rankLevel ?? ""}${rank.rankName ?? ""}`;
}

/** Whether level + name, ignoring case, is one of the valid ranks (the empty rank included). */
export function isValidRank(rank: RankPair): boolean {
  return VALID_RANKS.has((joinedRank(rank) ?? "").toLowerCase());
}

/** INVALID_ARGUMENT naming rankName unless the pair is a valid rank. */
export function requireValidRank(rank: RankPair): RankPair {
  if (!isValidRank(rank)) {
    throw DomainError.invalidArgument(
      "INVALID_RANK",
      `Invalid rank level + rank name (${rank.rankLevel ?? ""}${rank.rankName ?? ""})`,
      { field: "rankName" },
    );
  }
  return rank;
}

/** A blank rank value means "no value". */
export function blankToUndefined(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value.trim() === "" ? undefined : value;
}

/** How a rank appears in a history record: "<level> <name>" trimmed, e.g. "sub genus", "species". */
export function rankHistoryValue(rank: RankPair): string {
  return `${rank.rankLevel ?? ""} ${rank.rankName ?? ""}`.trim();
}

/**
 * The rank a history value stands for. A value that is a rank name on its own ("species
 * complex") has no level; otherwise the first word is the level and the rest the name.
 */
export function parseRankHistoryValue(value: string | undefined): RankPair {
  const text = (value ?? "").trim();
  if (text === "") return pair(undefined, undefined);
  if (RANK_NAMES.has(text.toLowerCase())) return pair(undefined, text);
  const space = text.indexOf(" ");
  if (space < 0) return pair(undefined, text);
  return pair(text.slice(0, space), blankToUndefined(text.slice(space + 1).trim()));
}
