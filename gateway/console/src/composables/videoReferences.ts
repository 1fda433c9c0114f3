import { dataOf, vam } from "../api/client";

/** The uuids of every video reference (file) of a video sequence, by the sequence's name. */
export async function videoReferencesOf(sequence: string): Promise<string[]> {
  const found = await dataOf(
    vam.GET("/v1/videosequences/name/{name}", { params: { path: { name: sequence } } }),
  );
  return (found.videos ?? []).flatMap((video) =>
    (video.video_references ?? []).map((reference) => reference.uuid ?? ""),
  );
}
