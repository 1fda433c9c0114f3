import { type AnnotationSchemas, anno, dataOf, type RegistrySchemas, vam } from "../api/client";
import { useAsync } from "../composables/useAsync";
import { NIL, type StoredAssociation, TEXT_MIME_TYPE } from "./association-model";
import { type AncillarySample, boxesOf, playableReferenceOf, type WatchAnnotation } from "./watch-model";

type Reference = RegistrySchemas["m3.registry.v1.VideoReference"];
type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];
type Association = AnnotationSchemas["m3.annotation.v1.Association"];

/** One video of the dive, with the file the browser plays and its annotations in time order. */
export interface WatchVideo {
  uuid: string;
  name: string;
  startMillis?: number;
  durationSeconds?: number;
  playable?: Reference;
  /** Every file of the video, as the registry lists them (an annotation names one). */
  referenceUuids: string[];
  annotations: WatchAnnotation[];
}

export interface WatchDive {
  name: string;
  videos: WatchVideo[];
  /** The dive's depth and position readings, by recorded time. */
  ancillary: AncillarySample[];
}

/** The largest number of annotations a dive's screen reads at once. */
const ANNOTATION_LIMIT = 10_000;

async function loadWatchDive(name: string): Promise<WatchDive> {
  const sequence = await dataOf(vam.GET("/v1/videosequences/name/{name}", { params: { path: { name } } }));
  const videos = [...(sequence.videos ?? [])].sort((a, b) =>
    (a.start_timestamp ?? "").localeCompare(b.start_timestamp ?? ""),
  );
  const uuids = videos.flatMap((video) => (video.video_references ?? []).map((reference) => reference.uuid));
  const fast =
    uuids.length === 0
      ? { content: [] as Annotation[] }
      : await dataOf(
          anno.POST("/v1/fast", {
            body: { video_reference_uuids: uuids, data: true, limit: ANNOTATION_LIMIT },
          }),
        );
  const byReference = new Map<string, Annotation[]>();
  for (const annotation of fast.content) {
    const key = annotation.video_reference_uuid ?? "";
    const list = byReference.get(key);
    if (list) list.push(annotation);
    else byReference.set(key, [annotation]);
  }
  return {
    name,
    videos: videos.map((video) => {
      const references = video.video_references ?? [];
      const startMillis = video.start_timestamp ? Date.parse(video.start_timestamp) : undefined;
      const annotations = references
        .flatMap((reference) => byReference.get(reference.uuid) ?? [])
        .map((annotation) => placed(annotation, startMillis))
        .sort((a, b) => a.seconds - b.seconds || a.concept.localeCompare(b.concept));
      return {
        uuid: video.uuid,
        name: video.name,
        startMillis,
        durationSeconds: video.duration_millis === undefined ? undefined : video.duration_millis / 1000,
        playable: playableReferenceOf(references),
        referenceUuids: references.map((reference) => reference.uuid),
        annotations,
      };
    }),
    ancillary: fast.content
      .filter((annotation) => annotation.ancillary_data && annotation.recorded_timestamp)
      .map((annotation) => ({
        recordedMillis: Date.parse(annotation.recorded_timestamp as string),
        depthMeters: annotation.ancillary_data?.depth_meters,
        latitude: annotation.ancillary_data?.latitude,
        longitude: annotation.ancillary_data?.longitude,
      }))
      .sort((a, b) => a.recordedMillis - b.recordedMillis),
  };
}

/** An annotation at its elapsed time, else at its recorded time's distance from the video's start. */
export function placed(annotation: Annotation, startMillis: number | undefined): WatchAnnotation {
  const recorded = annotation.recorded_timestamp ? Date.parse(annotation.recorded_timestamp) : undefined;
  const millis =
    annotation.elapsed_time_millis ??
    (recorded !== undefined && startMillis !== undefined ? recorded - startMillis : 0);
  return {
    uuid: annotation.observation_uuid ?? "",
    concept: annotation.concept ?? "",
    observer: annotation.observer ?? "",
    seconds: millis / 1000,
    boxes: boxesOf(annotation.associations ?? []),
    imageReferenceUuid: annotation.image_references?.[0]?.uuid,
    activity: annotation.activity,
    group: annotation.group,
    durationMillis: annotation.duration_millis,
    associations: (annotation.associations ?? []).map(storedAssociation),
    stored: {
      observationTimestamp: annotation.observation_timestamp,
      timecode: annotation.timecode,
      elapsedTimeMillis: annotation.elapsed_time_millis,
      recordedTimestamp: annotation.recorded_timestamp,
      ancillaryData: measurementsOf(annotation.ancillary_data),
      images: (annotation.image_references ?? []).map(
        ({ url, format, width_pixels, height_pixels, description }) => ({
          url,
          format,
          width_pixels,
          height_pixels,
          description,
        }),
      ),
    },
  };
}

/** A datum's measurements, without its identity (which a new moment would not share). */
function measurementsOf(datum: Annotation["ancillary_data"]): Record<string, number | string> | undefined {
  if (!datum) return undefined;
  const { uuid: _uuid, imaged_moment_uuid: _moment, last_updated_time: _updated, ...measurements } = datum;
  return measurements as Record<string, number | string>;
}

/** An association as the screen keeps it. */
export function storedAssociation(association: Association): StoredAssociation {
  return {
    uuid: association.uuid ?? "",
    linkName: association.link_name ?? "",
    toConcept: association.to_concept ?? NIL,
    linkValue: association.link_value ?? NIL,
    mimeType: association.mime_type ?? TEXT_MIME_TYPE,
  };
}

export function useWatchDive() {
  return useAsync(loadWatchDive);
}
