import { feature } from "topojson-client";
import land from "world-atlas/land-50m.json";

/**
 * The world's land as GeoJSON for the map, from Natural Earth's 1:50m land polygons (public
 * domain) as world-atlas ships them (ISC). 1:50m draws a coast such as Monterey Bay's
 * recognisably at the zoom a dive is shown at, where 1:110m is a few straight strokes, and adds
 * ~170 KB gzipped; 1:10m would add ~1 MB. This module is its own chunk, loaded when a map is
 * first drawn, so screens without a map never fetch it.
 */
export function landFeatures(): GeoJSON.FeatureCollection {
  converted ??= convert();
  return converted;
}

/** Converted once per page load: every later map reuses it. */
let converted: GeoJSON.FeatureCollection | undefined;

function convert(): GeoJSON.FeatureCollection {
  const object = land.objects.land;
  if (object === undefined) throw new Error("world-atlas land has no land object");
  const shapes = feature(land, object);
  return "features" in shapes ? shapes : { type: "FeatureCollection", features: [shapes] };
}
