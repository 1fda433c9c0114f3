import { ref } from "vue";
import { send } from "../api/http";

/** The capture route that streams a ticket's `file:` video with HTTP Range. */
const MEDIA_PATH = "/capture/media";

/**
 * The `src` a video element plays a file from: an http(s) URI as it is; a `file:` URI through
 * m3, with a ticket asked for as the signed-in user (POST /capture/media/tickets), because the
 * element cannot send the user's token itself. `renew` asks for a new ticket when one ran out.
 */
export function useVideoSource() {
  const src = ref<string>();
  const error = ref<string>();
  let generation = 0;
  async function open(uri: string | undefined): Promise<void> {
    const mine = ++generation;
    error.value = undefined;
    src.value = undefined;
    if (!uri) return;
    if (!uri.startsWith("file:")) {
      src.value = uri;
      return;
    }
    try {
      const response = await send(
        new Request(new URL(`${MEDIA_PATH}/tickets`, location.origin), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ videoUrl: uri }),
        }),
      );
      const { ticket } = (await response.json()) as { ticket: string };
      if (mine === generation) src.value = `${MEDIA_PATH}?ticket=${encodeURIComponent(ticket)}`;
    } catch (failure) {
      if (mine === generation) error.value = (failure as Error).message;
    }
  }
  return { src, error, open };
}
