import { DomainError } from "../../../kit/errors/domain-error.js";

export const NAME_TYPES = ["primary", "synonym", "common", "former", "alternate"] as const;
export type NameType = (typeof NAME_TYPES)[number];

export const PRIMARY: NameType = "primary";
export const FORMER: NameType = "former";

/** Stored types compare ignoring case: legacy data has "Primary", "Common" and "Synonym". */
export function isPrimary(nameType: string): boolean {
  return nameType.toLowerCase() === PRIMARY;
}

/** The canonical (lowercase) type, else INVALID_ARGUMENT naming nameType. */
export function requireNameType(value: string | undefined): NameType {
  const type = NAME_TYPES.find((known) => known === value?.trim().toLowerCase());
  if (!type) {
    throw DomainError.invalidArgument(
      "INVALID_NAME_TYPE",
      `nameType must be one of ${NAME_TYPES.join(", ")}, not '${value ?? ""}'`,
      { field: "nameType" },
    );
  }
  return type;
}
