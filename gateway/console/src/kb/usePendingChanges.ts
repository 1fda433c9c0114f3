import { watch } from "vue";
import { dataOf, kb } from "../api/client";
import { useAsync } from "../composables/useAsync";
import { useSession } from "../composables/useSession";

/** How many kb changes await approval; only administrators and maintainers may ask (and approve). */
export function usePendingChanges() {
  const { canEdit } = useSession();
  const pending = useAsync(async () => (await dataOf(kb.GET("/v1/history/pending/count"))).count);
  watch(canEdit, (allowed) => allowed && pending.run(), { immediate: true });
  return { canEdit, pending };
}
