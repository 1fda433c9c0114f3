import { DomainError } from "../../../kit/errors/domain-error.js";
import type { Page } from "../../../kit/sql/page.js";
import type { ConceptHistoryEntity } from "../entities/concept-history.entity.js";

export type HistoryProperty = Exclude<keyof ConceptHistoryEntity, "conceptId">;

export interface HistorySort {
  property: HistoryProperty;
  descending: boolean;
  /** Text is ordered case-insensitively, as the legacy clients expect. */
  caseInsensitive: boolean;
}

/** A page the rules always bound (the response echoes its limit and offset), and its order. */
export interface HistoryPageQuery extends Required<Page> {
  sort: HistorySort;
}

const DEFAULT_LIMIT = 100;

/** The sortable API names (and the legacy entity names) with their columns. */
const SORTABLE: Readonly<Record<string, { property: HistoryProperty; text: boolean }>> = {
  creationTimestamp: { property: "creationTime", text: false },
  creationDate: { property: "creationTime", text: false },
  processedTimestamp: { property: "processedTime", text: false },
  processedDate: { property: "processedTime", text: false },
  creatorName: { property: "creatorName", text: true },
  processorName: { property: "processorName", text: true },
  field: { property: "field", text: true },
  action: { property: "action", text: true },
  oldValue: { property: "oldValue", text: true },
  newValue: { property: "newValue", text: true },
  approved: { property: "approved", text: false },
  id: { property: "id", text: false },
};

const DEFAULT_SORT: HistorySort = { property: "creationTime", descending: false, caseInsensitive: false };

/** `field[,asc|desc]`; absent means creation time ascending. Unknown fields or directions are refused. */
export function parseHistorySort(value: string | undefined): HistorySort {
  if (value === undefined || value.trim() === "") return DEFAULT_SORT;
  const [name = "", direction = "asc", ...rest] = value.split(",").map((part) => part.trim());
  const sortable = Object.hasOwn(SORTABLE, name) ? SORTABLE[name] : undefined;
  if (!sortable) {
    throw DomainError.invalidArgument(
      "INVALID_SORT",
      `sort: unknown field '${name}'; sortable fields are ${Object.keys(SORTABLE).join(", ")}`,
      { field: "sort" },
    );
  }
  const lower = direction.toLowerCase();
  if (rest.length > 0 || (lower !== "asc" && lower !== "desc")) {
    throw DomainError.invalidArgument("INVALID_SORT", "sort: the direction must be asc or desc", {
      field: "sort",
    });
  }
  return { property: sortable.property, descending: lower === "desc", caseInsensitive: sortable.text };
}

/** The page of a history list: limit 100 and offset 0 by default, neither negative. */
export function historyPageQuery(request: {
  limit?: number;
  offset?: number;
  sort?: string;
}): HistoryPageQuery {
  return {
    limit: nonNegative(request.limit ?? DEFAULT_LIMIT, "limit"),
    offset: nonNegative(request.offset ?? 0, "offset"),
    sort: parseHistorySort(request.sort),
  };
}

function nonNegative(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw DomainError.invalidArgument("INVALID_PAGE", `${field} must be a non-negative integer`, { field });
  }
  return value;
}
