import { onMounted } from "vue";
import { dataOf, vam } from "../api/client";
import { useAsync } from "./useAsync";

/** Every video sequence's name, for the pickers of the media and dive screens. */
export function useSequenceNames() {
  const names = useAsync(() => dataOf(vam.GET("/v1/videosequences/names")));
  onMounted(() => names.run());
  return names;
}
