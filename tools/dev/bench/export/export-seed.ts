import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";

const NOW = "2026-01-01 00:00:00.000000";
const CONCEPTS = 20;
const BOXES_PER_IMAGE = 4;

/**
 * `boxes` boxes into a migrated SQLite annotation file, with bare SQL in one transaction (the
 * triggers fill the box index as they would for any write): an imaged moment and a 1920x1080
 * image reference (under `imageBase`) per four boxes, each box its own observation of one of 20 concepts, as
 * vars-localize writes it.
 */
export function seedBoxes(file: string, boxes: number, imageBase = "http://images.example.org/bench"): void {
  const db = new Database(file);
  const moment = db.prepare(
    "INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, last_updated_timestamp) VALUES (?, ?, ?, ?, ?)",
  );
  const image = db.prepare(
    "INSERT INTO image_references (uuid, imaged_moment_uuid, url, format, width_pixels, height_pixels, last_updated_timestamp) VALUES (?, ?, ?, 'image/png', 1920, 1080, ?)",
  );
  const observation = db.prepare(
    "INSERT INTO observations (uuid, imaged_moment_uuid, concept, observer, observation_timestamp, last_updated_timestamp) VALUES (?, ?, ?, 'bench', ?, ?)",
  );
  const association = db.prepare(
    "INSERT INTO associations (uuid, observation_uuid, link_name, to_concept, link_value, mime_type, last_updated_timestamp) VALUES (?, ?, 'bounding box', 'self', ?, 'application/json', ?)",
  );
  const video = randomUUID();
  db.transaction(() => {
    let imageUuid = "";
    let momentUuid = "";
    for (let index = 0; index < boxes; index++) {
      if (index % BOXES_PER_IMAGE === 0) {
        momentUuid = randomUUID();
        imageUuid = randomUUID();
        moment.run(momentUuid, video, index * 250, NOW, NOW);
        image.run(imageUuid, momentUuid, `${imageBase}/${imageUuid}.png`, NOW);
      }
      const observationUuid = randomUUID();
      observation.run(observationUuid, momentUuid, `Concept ${index % CONCEPTS}`, NOW, NOW);
      const value = {
        x: (index * 37) % 1800,
        y: (index * 53) % 1000,
        width: 40 + (index % 80),
        height: 30 + (index % 50),
        image_reference_uuid: imageUuid,
        generator: "vars-localize",
      };
      association.run(randomUUID(), observationUuid, JSON.stringify(value), NOW);
    }
  })();
  db.close();
}
