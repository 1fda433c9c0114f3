import type { StyleSpecification } from "maplibre-gl";

/** A point the map draws: an annotation's position, named by its concept. */
export interface Position {
  latitude: number;
  longitude: number;
  label: string;
}

/** Lines every 10 degrees, so the empty ocean has a scale without any tiles. */
function graticule(): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  const line = (coordinates: [number, number][]): GeoJSON.Feature => ({
    type: "Feature",
    properties: {},
    geometry: { type: "LineString", coordinates },
  });
  for (let lon = -180; lon <= 180; lon += 10)
    features.push(
      line([
        [lon, -85],
        [lon, 0],
        [lon, 85],
      ]),
    );
  for (let lat = -80; lat <= 80; lat += 10) {
    const points: [number, number][] = [];
    for (let lon = -180; lon <= 180; lon += 10) points.push([lon, lat]);
    features.push(line(points));
  }
  return { type: "FeatureCollection", features };
}

/** Credit shown under every map, as the land data's terms ask (and as courtesy where they do not). */
export const LAND_ATTRIBUTION = "Land: Natural Earth (public domain), via world-atlas (ISC).";

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

/** The map's colours: sea and land told apart by more than hue, and points that stand out on both. */
export const MAP_COLOURS = { sea: "#dceaf5", land: "#e8e1cf", coast: "#8a7f66", track: "#0b4f8a" };

/**
 * A tile-less style: sea, land and its coastline (filled in by `land` once its chunk has loaded),
 * a graticule, a dive's track and the points; nothing is fetched from elsewhere.
 */
export function localStyle(
  points: GeoJSON.FeatureCollection,
  track: GeoJSON.FeatureCollection = EMPTY,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: "geojson", data: EMPTY },
      graticule: { type: "geojson", data: graticule() },
      track: { type: "geojson", data: track },
      points: { type: "geojson", data: points },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": MAP_COLOURS.sea } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": MAP_COLOURS.land } },
      {
        id: "coastline",
        type: "line",
        source: "land",
        paint: { "line-color": MAP_COLOURS.coast, "line-width": 1 },
      },
      {
        id: "graticule",
        type: "line",
        source: "graticule",
        paint: { "line-color": "#9db4c8", "line-width": 1, "line-opacity": 0.6 },
      },
      {
        id: "track",
        type: "line",
        source: "track",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": MAP_COLOURS.track, "line-width": 2 },
      },
      {
        id: "points",
        type: "circle",
        source: "points",
        paint: {
          "circle-radius": 4,
          "circle-color": "#c2410c",
          "circle-stroke-color": "#fff",
          "circle-stroke-width": 1,
        },
      },
    ],
  };
}
