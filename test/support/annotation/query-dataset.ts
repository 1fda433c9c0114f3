/**
 * A small, fully known data set for the tabular query and histogram tests, written with raw
 * SQL. Its `annotations` view has five rows:
 *
 * | moment (video, recorded, depth)          | observation (concept, observer) | image | association                 |
 * |------------------------------------------|---------------------------------|-------|-----------------------------|
 * | M1 (V1, 2020-01-01T00:00:00Z, 10.5 m)    | O1 Aurelia, alice               | I1    | eating / Copepoda / nil     |
 * | M1                                       | O1 Aurelia, alice               | I1    | color / self / red          |
 * | M1                                       | O2 Pyrosoma, bob                | I1    | -                           |
 * | M2 (V1, 2020-01-02T12:00:00.123456Z, 120 m) | O3 Aurelia, bob              | -     | surface-color / self / 50%_off |
 * | M3 (V2, 2021-06-01T00:00:00Z, no data)   | O4 Nanomia, alice               | -     | -                           |
 */
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";

export const DATASET = {
  video1: "01900000-0000-7000-8000-0000000000a1",
  video2: "01900000-0000-7000-8000-0000000000a2",
  moments: [
    "01900000-0000-7000-8000-000000000001",
    "01900000-0000-7000-8000-000000000002",
    "01900000-0000-7000-8000-000000000003",
  ],
  observations: [
    "01900000-0000-7000-8000-000000000011",
    "01900000-0000-7000-8000-000000000012",
    "01900000-0000-7000-8000-000000000013",
    "01900000-0000-7000-8000-000000000014",
  ],
  image: "01900000-0000-7000-8000-000000000021",
} as const;

const NOW = "2024-05-01 00:00:00.000000";

export async function seedQueryDataset(storage: DomainStorage): Promise<void> {
  const [m1, m2, m3] = DATASET.moments;
  const [o1, o2, o3, o4] = DATASET.observations;
  const statements: Array<[string, unknown[]]> = [
    [
      `INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, timecode, last_updated_timestamp)
       VALUES (?, ?, 0, '2020-01-01 00:00:00.000000', '00:00:00:00', ?), (?, ?, 1000, '2020-01-02 12:00:00.123456', NULL, ?),
              (?, ?, NULL, '2021-06-01 00:00:00.000000', NULL, ?)`,
      [m1, DATASET.video1, NOW, m2, DATASET.video1, NOW, m3, DATASET.video2, NOW],
    ],
    [
      `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observer, observation_group, activity, observation_timestamp, last_updated_timestamp)
       VALUES (?, ?, 'Aurelia', 'alice', 'ROV', 'descent', ?, ?), (?, ?, 'Pyrosoma', 'bob', NULL, NULL, ?, ?),
              (?, ?, 'Aurelia', 'bob', NULL, NULL, ?, ?), (?, ?, 'Nanomia', 'alice', NULL, NULL, ?, ?)`,
      [o1, m1, NOW, NOW, o2, m1, NOW, NOW, o3, m2, NOW, NOW, o4, m3, NOW, NOW],
    ],
    [
      `INSERT INTO associations (uuid, observation_uuid, link_name, to_concept, link_value, mime_type, last_updated_timestamp)
       VALUES ('01900000-0000-7000-8000-000000000031', ?, 'eating', 'Copepoda', 'nil', 'text/plain', ?),
              ('01900000-0000-7000-8000-000000000032', ?, 'color', 'self', 'red', 'text/plain', ?),
              ('01900000-0000-7000-8000-000000000033', ?, 'surface-color', 'self', '50%_off', 'text/plain', ?)`,
      [o1, NOW, o1, NOW, o3, NOW],
    ],
    [
      `INSERT INTO image_references (uuid, imaged_moment_uuid, description, format, height_pixels, url, width_pixels, last_updated_timestamp)
       VALUES (?, ?, NULL, 'image/png', 1080, 'http://images.test/1.png', 1920, ?)`,
      [DATASET.image, m1, NOW],
    ],
    [
      `INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, latitude, longitude, last_updated_timestamp)
       VALUES ('01900000-0000-7000-8000-000000000041', ?, 10.5, 36.1, -122.1, ?),
              ('01900000-0000-7000-8000-000000000042', ?, 120, 36.2, -122.2, ?)`,
      [m1, NOW, m2, NOW],
    ],
    [
      `INSERT INTO video_reference_information (uuid, video_reference_uuid, mission_contact, mission_id, platform_name, last_updated_timestamp)
       VALUES ('01900000-0000-7000-8000-000000000051', ?, 'carol', 'D100', 'Ventana', ?)`,
      [DATASET.video1, NOW],
    ],
  ];
  await storage.transaction(async (manager) => {
    for (const [sql, params] of statements) await manager.query(sql, params);
  });
}
