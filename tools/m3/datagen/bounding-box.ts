import { annotationRow, type SqlRow } from "./datagen-tables.js";
import type { SeededRandom } from "./seeded-random.js";

/** The frame size the generated images have (1920 × 1080). */
const FRAME = { width: 1920, height: 1080 } as const;

/**
 * A `bounding box` association as the VARS annotation tools write one: a JSON object in
 * link_value (pixel box, the tool that drew it, the image it was drawn on when there is one),
 * to_concept `self`, mime type application/json.
 */
export function boundingBoxAssociation(
  uuid: string,
  observationUuid: string,
  imageReferenceUuid: string | null,
  at: string,
  random: SeededRandom,
): SqlRow {
  const width = random.int(24, 640);
  const height = random.int(24, 480);
  const box = {
    x: random.int(0, FRAME.width - width),
    y: random.int(0, FRAME.height - height),
    width,
    height,
    generator: "VARS Annotation",
    ...(imageReferenceUuid === null ? {} : { image_reference_uuid: imageReferenceUuid }),
  };
  return annotationRow("associations", {
    uuid,
    observation_uuid: observationUuid,
    link_name: "bounding box",
    link_value: JSON.stringify(box),
    to_concept: "self",
    mime_type: "application/json",
    last_updated_timestamp: at,
  });
}
