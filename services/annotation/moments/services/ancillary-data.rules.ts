import { compareText } from "../../../kit/sql/text-order.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  ANCILLARY_MEASUREMENTS,
  type AncillaryDatumEntity,
  type AncillaryMeasurement,
} from "../../entities/ancillary-datum.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";

/** A datum as clients send it: any measurement, plus keys. */
export type AncillaryInput = Partial<Record<AncillaryMeasurement, number | string>> & {
  uuid?: string;
  imagedMomentUuid?: string;
  recordedTimestamp?: Instant;
};

export const DEFAULT_MERGE_WINDOW_MILLIS = 7500;

/** A row for the moment with the input's measurements (absent ones null). */
export function datumRow(
  input: AncillaryInput,
  uuid: string,
  imagedMomentUuid: string,
  now: Instant,
): AncillaryDatumEntity {
  const row: Record<string, unknown> = { uuid, imagedMomentUuid, lastUpdatedTime: now };
  for (const field of ANCILLARY_MEASUREMENTS) row[field] = input[field] ?? null;
  return row as unknown as AncillaryDatumEntity;
}

/**
 * Pairs each moment with a recorded timestamp to the datum nearest in time, when that is
 * within the window (inclusive). Data without a recorded timestamp never match.
 */
export function nearestData(
  moments: readonly ImagedMomentEntity[],
  data: readonly AncillaryInput[],
  windowMillis: number,
): { moment: ImagedMomentEntity; datum: AncillaryInput }[] {
  const timed = data
    .flatMap((datum) => (datum.recordedTimestamp ? [{ datum, at: datum.recordedTimestamp.epochMicros }] : []))
    .sort((a, b) => a.at - b.at);
  if (timed.length === 0) return [];
  const windowMicros = windowMillis * 1000;
  return moments.flatMap((moment) => {
    if (!moment.recordedTimestamp) return [];
    const at = moment.recordedTimestamp.epochMicros;
    const index = firstAtOrAfter(timed, at);
    const neighbours = [timed[index - 1], timed[index]].filter((item) => item !== undefined);
    const nearest = neighbours.reduce((best, item) =>
      Math.abs(item.at - at) < Math.abs(best.at - at) ? item : best,
    );
    return Math.abs(nearest.at - at) <= windowMicros ? [{ moment, datum: nearest.datum }] : [];
  });
}

function firstAtOrAfter(sorted: readonly { at: number }[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle]?.at ?? 0) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Merged pairs in the order the legacy service answers a merge: by the moment's recorded
 * timestamp (every merged moment has one), then by moment UUID, the order it read the moments in.
 */
export function inRecordedOrder<T extends { moment: ImagedMomentEntity }>(pairs: readonly T[]): T[] {
  const at = (pair: T) => pair.moment.recordedTimestamp?.epochMicros ?? 0;
  return [...pairs].sort((a, b) => at(a) - at(b) || compareText(a.moment.uuid, b.moment.uuid));
}
