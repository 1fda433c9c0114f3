/**
 * The citation search's glob (spec: "References are searched by citation with a glob
 * pattern"): `*` is any run of characters, `?` one character, everything else literal, case
 * ignored. A pattern without wildcards matches anywhere in the citation, as the legacy
 * substring search did; one with wildcards matches the whole citation, as a glob does.
 */
export type GlobPart = { literal: string } | "any" | "one";

export interface CitationGlob {
  parts: readonly GlobPart[];
  /** false: the parts may match anywhere in the citation. */
  wholeCitation: boolean;
}

export function parseCitationGlob(pattern: string): CitationGlob {
  const parts: GlobPart[] = [];
  for (const piece of pattern.split(/([*?])/)) {
    if (piece === "*") parts.push("any");
    else if (piece === "?") parts.push("one");
    else if (piece !== "") parts.push({ literal: piece });
  }
  return { parts, wholeCitation: parts.some((part) => typeof part === "string") };
}
