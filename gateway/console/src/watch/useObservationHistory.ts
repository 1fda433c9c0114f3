import { getJson } from "../api/http";
import { useAsync } from "../composables/useAsync";
import type { HistoryChange } from "./history-model";

/** The changes of an observation, newest first. */
export function useObservationHistory() {
  return useAsync(async (uuid: string) =>
    (await getJson<HistoryChange[]>(`/anno/v1/observations/${encodeURIComponent(uuid)}/history`)).reverse(),
  );
}
