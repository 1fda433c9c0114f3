import test from "ava";
import {
  ANCILLARY_MEASUREMENTS,
  MEASUREMENT_COLUMNS,
} from "../../../services/annotation/entities/ancillary-datum.entity.js";
import { datumOfGraphRow } from "../../../services/annotation/shared/graph-rows.js";

const MOMENT = "0b6f8b3c-8d8e-4c1a-9d3e-1f2a3b4c5d6e";

test("a graph row's datum takes every measurement from its prefixed column, as the driver gave it", (t) => {
  const row: Record<string, unknown> = {
    ad_uuid: "d1",
    ad_last_updated_timestamp: "2024-01-02 03:04:05.000006",
  };
  ANCILLARY_MEASUREMENTS.forEach((field, index) => {
    row[`ad_${MEASUREMENT_COLUMNS[field]}`] =
      field === "crs" || field === "posePositionUnits" ? field : index;
  });
  const datum = datumOfGraphRow(row, MOMENT) as unknown as Record<string, unknown>;
  t.is(datum.uuid, "d1");
  t.is(datum.imagedMomentUuid, MOMENT);
  ANCILLARY_MEASUREMENTS.forEach((field, index) => {
    t.is(datum[field], field === "crs" || field === "posePositionUnits" ? field : index, field);
  });
});

test("a graph row's missing or null measurement is null in its datum", (t) => {
  const datum = datumOfGraphRow(
    { ad_uuid: "d2", ad_last_updated_timestamp: "2024-01-02 03:04:05", ad_latitude: null },
    MOMENT,
  ) as unknown as Record<string, unknown>;
  for (const field of ANCILLARY_MEASUREMENTS) t.is(datum[field], null, field);
});
