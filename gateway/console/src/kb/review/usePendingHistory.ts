import { dataOf, type KbSchemas, kb } from "../../api/client";
import { useAsync } from "../../composables/useAsync";
import { useKbChange } from "../edit/useKbChange";

export type HistoryEntry = KbSchemas["m3.kb.v1.ExtendedHistory"];

/** Pending changes listed at once; the count above the list says when there are more. */
export const PENDING_PAGE = 100;

/** The kb changes awaiting approval (oldest first), and an administrator's approve and reject. */
export function usePendingHistory() {
  const pending = useAsync(async () => {
    const [page, total] = await Promise.all([
      dataOf(kb.GET("/v1/history/pending", { params: { query: { limit: PENDING_PAGE } } })),
      dataOf(kb.GET("/v1/history/pending/count")),
    ]);
    return { entries: page.content, total: total.count };
  });
  const { busy, error, done, apply } = useKbChange(() => pending.run());
  const decide = (entry: HistoryEntry, verdict: "approve" | "reject") =>
    apply(
      `${verdict === "approve" ? "Approved" : "Rejected"} change ${entry.id} of ${entry.concept}`,
      async () => {
        const params = { path: { id: entry.id ?? 0 } };
        await dataOf(
          verdict === "approve"
            ? kb.PUT("/v1/history/approve/{id}", { params })
            : kb.PUT("/v1/history/reject/{id}", { params }),
        );
        return entry.concept;
      },
    );
  return {
    pending,
    busy,
    error,
    done,
    approve: (entry: HistoryEntry) => decide(entry, "approve"),
    reject: (entry: HistoryEntry) => decide(entry, "reject"),
  };
}
