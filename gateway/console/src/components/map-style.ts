import type { StyleSpecification } from "maplibre-gl";

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

/** A tile-less style: background, graticule and the points; nothing is fetched from elsewhere. */
export function localStyle(points: GeoJSON.FeatureCollection): StyleSpecification {
  return {
    version: 8,
    sources: {
      graticule: { type: "geojson", data: graticule() },
      points: { type: "geojson", data: points },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": "#dceaf5" } },
      {
        id: "graticule",
        type: "line",
        source: "graticule",
        paint: { "line-color": "#9db4c8", "line-width": 1 },
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
