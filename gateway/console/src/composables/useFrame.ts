import { onBeforeUnmount, ref } from "vue";
import { dataOf, vam } from "../api/client";
import { send } from "../api/http";

/** What the capture service needs to grab an annotation's frame. */
export interface FrameRequest {
  videoReferenceUuid: string;
  elapsedTimeMillis: number;
}

/**
 * An annotation's frame grabbed by the capture service at its elapsed time
 * (POST /capture/capture/jpg with the video file's URI). The call carries the signed-in kb
 * user's token, which capture accepts instead of its API key, so the key never reaches a
 * browser. The image is kept as an object URL, released when the component goes.
 */
export function useFrame() {
  const url = ref<string>();
  const error = ref<string>();
  const loading = ref(false);
  const release = () => {
    if (url.value !== undefined) URL.revokeObjectURL(url.value);
    url.value = undefined;
  };
  async function grab(request: FrameRequest): Promise<void> {
    loading.value = true;
    error.value = undefined;
    try {
      const reference = await dataOf(
        vam.GET("/v1/videoreferences/{uuid}", { params: { path: { uuid: request.videoReferenceUuid } } }),
      );
      const response = await send(
        new Request(new URL("/capture/capture/jpg", location.origin), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ videoUrl: reference.uri, elapsedTimeMillis: request.elapsedTimeMillis }),
        }),
      );
      const image = await response.blob();
      release();
      url.value = URL.createObjectURL(image);
    } catch (failure) {
      error.value = (failure as Error).message;
    } finally {
      loading.value = false;
    }
  }
  onBeforeUnmount(release);
  return { url, error, loading, grab };
}
