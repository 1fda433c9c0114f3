import { placeholders } from "../../../kit/sql/placeholders.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";

/** What FathomNet's upload CSV carries of a box's observation and moment besides the box. */
export interface BoxContext {
  observer: string | null;
  depthMeters: number | null;
  pressureDbar: number | null;
  latitude: number | null;
  longitude: number | null;
  oxygenMlL: number | null;
  salinity: number | null;
  temperatureCelsius: number | null;
  /** The moment's image URLs, in URL order (a box without an image of its own takes a PNG of these). */
  imageUrls: string[];
}

const numeric = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The observers, ancillary data and images of boxes' observations, a batch at a time (set-based). */
export class BoxContextRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** The context of each observation UUID given, by that UUID. */
  byObservation(observationUuids: readonly string[]): Promise<Map<string, BoxContext>> {
    return this.storage.read(async (manager) => {
      const rows = await queryInChunks(observationUuids, async (chunk) => {
        return (await manager.query(
          `SELECT o.uuid AS observation_uuid, o.observer, o.imaged_moment_uuid, ad.depth_meters, ad.pressure_dbar,
                  ad.latitude, ad.longitude, ad.oxygen_ml_per_l, ad.salinity, ad.temperature_celsius
             FROM observations o LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
            WHERE o.uuid IN (${placeholders(chunk.length)})`,
          [...chunk],
        )) as Record<string, unknown>[];
      });
      const moments = [...new Set(rows.map((row) => String(row.imaged_moment_uuid)))];
      const images = await queryInChunks(moments, async (chunk) => {
        return (await manager.query(
          `SELECT imaged_moment_uuid, url FROM image_references
            WHERE imaged_moment_uuid IN (${placeholders(chunk.length)}) ORDER BY url`,
          [...chunk],
        )) as { imaged_moment_uuid: string; url: string }[];
      });
      const urls = new Map<string, string[]>();
      for (const image of images) {
        urls.set(image.imaged_moment_uuid, [...(urls.get(image.imaged_moment_uuid) ?? []), image.url]);
      }
      return new Map(
        rows.map((row) => [
          String(row.observation_uuid),
          {
            observer: row.observer === null ? null : String(row.observer),
            depthMeters: numeric(row.depth_meters),
            pressureDbar: numeric(row.pressure_dbar),
            latitude: numeric(row.latitude),
            longitude: numeric(row.longitude),
            oxygenMlL: numeric(row.oxygen_ml_per_l),
            salinity: numeric(row.salinity),
            temperatureCelsius: numeric(row.temperature_celsius),
            imageUrls: urls.get(String(row.imaged_moment_uuid)) ?? [],
          },
        ]),
      );
    });
  }
}
