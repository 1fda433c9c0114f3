/** An association as `/anno/v1/observations/<uuid>` answers it. */
export interface StoredAssociation {
  uuid: string;
  link_name: string;
  to_concept: string;
  link_value: string;
  mime_type: string;
}

/**
 * The boxes of an annotation as vars-localize reads them (src/vars_localize/util/utils.py,
 * extract_bounding_boxes): `bounding box` associations whose value is a JSON object holding x, y,
 * width and height, taken as integers; image_reference_uuid and observer optional; the part is
 * the to-concept. Anything else is skipped, as it skips it.
 */
export function varsLocalizeBoxes(associations: readonly StoredAssociation[]) {
  return associations.flatMap((association) => {
    if (association.link_name !== "bounding box") return [];
    let value: unknown;
    try {
      value = JSON.parse(association.link_value);
    } catch {
      return [];
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
    const box = value as Record<string, unknown>;
    if (!["x", "y", "width", "height"].every((key) => key in box)) return [];
    const int = (key: string) => Math.trunc(Number(box[key]));
    return [
      {
        x: int("x"),
        y: int("y"),
        width: int("width"),
        height: int("height"),
        image_reference_uuid: box.image_reference_uuid,
        generator: box.generator,
        association_uuid: association.uuid,
        part: association.to_concept,
        mime_type: association.mime_type,
      },
    ];
  });
}
