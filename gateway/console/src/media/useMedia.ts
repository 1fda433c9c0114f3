import { type AnnotationSchemas, anno, dataOf, type RegistrySchemas, vam } from "../api/client";
import { useAsync } from "../composables/useAsync";

export type VideoSequence = RegistrySchemas["m3.registry.v1.VideoSequence"];

export interface ReferenceDetail {
  annotations: AnnotationSchemas["m3.annotation.v1.Annotation"][];
  images: AnnotationSchemas["m3.annotation.v1.Image"][];
}

/** Annotations shown per video file; the annotation search has no such limit. */
export const ANNOTATION_PAGE = 200;

export function useVideoSequence() {
  return useAsync((name: string) =>
    dataOf(vam.GET("/v1/videosequences/name/{name}", { params: { path: { name } } })),
  );
}

/** A video file's annotations (the first page) and its images. */
export function useReferenceDetail() {
  return useAsync(async (uuid: string): Promise<ReferenceDetail> => {
    const path = { video_reference_uuid: uuid };
    const [annotations, images] = await Promise.all([
      dataOf(
        anno.GET("/v1/annotations/videoreference/{video_reference_uuid}", {
          params: { path, query: { limit: ANNOTATION_PAGE } },
        }),
      ),
      dataOf(anno.GET("/v1/images/videoreference/{video_reference_uuid}", { params: { path } })),
    ]);
    return { annotations, images };
  });
}
