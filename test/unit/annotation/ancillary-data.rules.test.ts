import test from "ava";
import type { ImagedMomentEntity } from "../../../services/annotation/entities/imaged-moment.entity.js";
import {
  datumRow,
  inRecordedOrder,
  nearestData,
} from "../../../services/annotation/moments/services/ancillary-data.rules.js";
import { Instant } from "../../../services/kit/time/instant.js";

const T0 = Instant.ofEpochMillis(1_600_000_000_000);

function moment(uuid: string, offsetMillis: number | undefined): ImagedMomentEntity {
  return {
    uuid,
    videoReferenceUuid: "v",
    timecode: null,
    elapsedTimeMillis: null,
    recordedTimestamp: offsetMillis === undefined ? null : T0.plusMillis(offsetMillis),
    lastUpdatedTime: T0,
  };
}

test("nearestData pairs each moment with the nearest datum inside the window, edges included", (t) => {
  const data = [
    { latitude: 1, recordedTimestamp: T0.plusMillis(-100) },
    { latitude: 2, recordedTimestamp: T0.plusMillis(900) },
    { latitude: 3 },
  ];
  const pairs = nearestData(
    [moment("a", 0), moment("b", 1000), moment("c", 5000), moment("d", undefined)],
    data,
    100,
  );
  t.deepEqual(
    pairs.map((pair) => [pair.moment.uuid, pair.datum.latitude]),
    [
      ["a", 1],
      ["b", 2],
    ],
  );
});

test("nearestData matches nothing when no datum has a recorded timestamp", (t) => {
  t.deepEqual(nearestData([moment("a", 0)], [{ latitude: 1 }], 10_000), []);
});

test("datumRow leaves absent measurements empty", (t) => {
  const row = datumRow({ latitude: 5, crs: "EPSG:4326" }, "u", "m", T0);
  t.like(row, {
    uuid: "u",
    imagedMomentUuid: "m",
    latitude: 5,
    crs: "EPSG:4326",
    longitude: null,
    depthMeters: null,
  });
});

test("inRecordedOrder orders merged pairs by the moment's recorded time, then by moment UUID", (t) => {
  const pairs = [moment("c", 0), moment("b", -5), moment("a", 0), moment("d", -10)].map((m) => ({
    moment: m,
  }));
  t.deepEqual(
    inRecordedOrder(pairs).map((pair) => pair.moment.uuid),
    ["d", "b", "a", "c"],
  );
});
