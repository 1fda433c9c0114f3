/**
 * The water a Monterey Bay dive passes through, as smooth functions of depth: warm, fresh and
 * oxygen-rich at the surface, cold and salty below, with the oxygen minimum zone near 700 m.
 * Close enough to real CTD casts for plots and range queries to look right.
 */

export interface WaterSample {
  temperatureCelsius: number;
  salinity: number;
  oxygenMlL: number;
}

const OXYGEN_MINIMUM_METERS = 700;

export function waterAt(depthMeters: number): WaterSample {
  const depth = Math.max(0, depthMeters);
  const belowMinimum = Math.max(0, depth - OXYGEN_MINIMUM_METERS);
  return {
    temperatureCelsius: 1.5 + 11.5 * Math.exp(-depth / 600),
    salinity: 33.3 + 1.35 * (1 - Math.exp(-depth / 400)),
    oxygenMlL: 0.25 + 5.5 * Math.exp(-depth / 150) + 2.4 * (1 - Math.exp(-belowMinimum / 1200)),
  };
}

const METERS_PER_DEGREE_LATITUDE = 111_320;

/** The position after `meters` along a straight track from a start, on the given compass heading. */
export function positionAlong(
  start: { latitude: number; longitude: number },
  headingDegrees: number,
  meters: number,
): { latitude: number; longitude: number } {
  const heading = (headingDegrees * Math.PI) / 180;
  const latitude = start.latitude + (Math.cos(heading) * meters) / METERS_PER_DEGREE_LATITUDE;
  const metersPerDegreeLongitude = METERS_PER_DEGREE_LATITUDE * Math.cos((start.latitude * Math.PI) / 180);
  return { latitude, longitude: start.longitude + (Math.sin(heading) * meters) / metersPerDegreeLongitude };
}

/** Rounds a measurement to the digits an instrument reports. */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
