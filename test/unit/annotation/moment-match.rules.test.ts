import test from "ava";
import type { ImagedMomentEntity } from "../../../services/annotation/entities/imaged-moment.entity.js";
import {
  matchMoment,
  resolveMoments,
} from "../../../services/annotation/moments/services/moment-match.rules.js";
import { Instant } from "../../../services/kit/time/instant.js";

const VIDEO = "00000000-0000-0000-0000-00000000000a";
const OTHER = "00000000-0000-0000-0000-00000000000b";
const T0 = Instant.ofEpochMillis(1_600_000_000_000);
const T1 = Instant.ofEpochMillis(1_600_000_001_000);

function moment(uuid: string, fields: Partial<ImagedMomentEntity>): ImagedMomentEntity {
  return {
    uuid,
    videoReferenceUuid: VIDEO,
    timecode: null,
    elapsedTimeMillis: null,
    recordedTimestamp: null,
    lastUpdatedTime: T0,
    ...fields,
  };
}

const byTimecode = moment("1", { timecode: "01:00:00:00", elapsedTimeMillis: 5000 });
const byElapsed = moment("2", { elapsedTimeMillis: 5000, recordedTimestamp: T1 });
const byRecorded = moment("3", { recordedTimestamp: T0 });
const candidates = [byTimecode, byElapsed, byRecorded];

test("a timecode matches only the same timecode, even when the elapsed time would match", (t) => {
  t.is(matchMoment(candidates, { videoReferenceUuid: VIDEO, timecode: "01:00:00:00" }), byTimecode);
  t.is(
    matchMoment(candidates, { videoReferenceUuid: VIDEO, timecode: "02:00:00:00", elapsedTimeMillis: 5000 }),
    undefined,
  );
});

test("without a timecode an equal elapsed time matches, the first candidate winning", (t) => {
  t.is(
    matchMoment(candidates, { videoReferenceUuid: VIDEO, elapsedTimeMillis: 5000, recordedTimestamp: T0 }),
    byTimecode,
  );
});

test("an unmatched elapsed time falls back to an equal recorded timestamp", (t) => {
  t.is(
    matchMoment(candidates, { videoReferenceUuid: VIDEO, elapsedTimeMillis: 9, recordedTimestamp: T0 }),
    byRecorded,
  );
  t.is(matchMoment(candidates, { videoReferenceUuid: VIDEO, recordedTimestamp: T1 }), byElapsed);
});

test("moments of another video never match", (t) => {
  t.is(matchMoment(candidates, { videoReferenceUuid: OTHER, timecode: "01:00:00:00" }), undefined);
});

test("resolveMoments reuses moments created for earlier keys and always creates for keys without an index", (t) => {
  const { moments, created } = resolveMoments(
    [],
    [
      { videoReferenceUuid: VIDEO, timecode: "00:00:01:00", elapsedTimeMillis: 1000 },
      { videoReferenceUuid: VIDEO, elapsedTimeMillis: 1000 },
      { videoReferenceUuid: VIDEO },
      { videoReferenceUuid: VIDEO },
    ],
    T0,
  );
  t.is(created.length, 3);
  t.is(moments[0], moments[1]);
  t.not(moments[2], moments[3]);
  t.like(moments[0], { timecode: "00:00:01:00", elapsedTimeMillis: 1000, recordedTimestamp: null });
});
