import test from "ava";
import {
  archiveNamesOf,
  deploymentOf,
  rectInImage,
} from "../../../gateway/console/src/watch/frame-grab-model.js";

const VIDEO_REFERENCE = "0191f2a0-7a3c-7b1e-9f00-4a1c2b3d4e5f";

test("a grab is filed under the camera, the dive from the camera's name on, and <elapsed ms>--<video reference>.png", (t) => {
  t.deepEqual(
    archiveNamesOf(
      { videoReferenceUuid: VIDEO_REFERENCE, elapsedTimeMillis: 6400 },
      { cameraId: "Ventana", videoSequenceName: "Demo Ventana 4101" },
    ),
    { cameraId: "Ventana", deploymentId: "Ventana 4101", name: `6400--${VIDEO_REFERENCE}.png` },
  );
});

test("a timecode names the grab before the elapsed time, its colons as underscores", (t) => {
  const names = archiveNamesOf(
    { videoReferenceUuid: VIDEO_REFERENCE, elapsedTimeMillis: 1200, timecode: "01:02:03:04" },
    { cameraId: "Doc Ricketts", videoSequenceName: "Doc Ricketts 1234" },
  );
  t.is(names.name, `01_02_03_04--${VIDEO_REFERENCE}.png`);
});

test("without an elapsed time or timecode the recorded time names the grab, as uuuuMMddTHHmmssZ", (t) => {
  const names = archiveNamesOf(
    { videoReferenceUuid: VIDEO_REFERENCE, recordedTimestamp: "2024-05-14T16:02:10.500Z" },
    { cameraId: "Ventana", videoSequenceName: "Ventana 4101" },
  );
  t.is(names.name, `20240514T160210Z--${VIDEO_REFERENCE}.png`);
});

test("a video without a camera is filed under its dive's name, and a dive not naming the camera keeps its name", (t) => {
  t.like(
    archiveNamesOf(
      { videoReferenceUuid: VIDEO_REFERENCE, elapsedTimeMillis: 0 },
      { cameraId: " ", videoSequenceName: "Dive 7" },
    ),
    { cameraId: "Dive 7", deploymentId: "Dive 7" },
  );
  t.is(deploymentOf("MiniROV", "Lab test 3"), "Lab test 3");
});

test("a box drawn on the frame shown maps to the pixels of a grabbed image of another size, inside it", (t) => {
  const frame = { width: 384, height: 216 };
  t.deepEqual(rectInImage({ x: 40, y: 30, width: 100, height: 60 }, frame, frame), {
    x: 40,
    y: 30,
    width: 100,
    height: 60,
  });
  t.deepEqual(rectInImage({ x: 40, y: 30, width: 100, height: 60 }, frame, { width: 1920, height: 1080 }), {
    x: 200,
    y: 150,
    width: 500,
    height: 300,
  });
  t.deepEqual(rectInImage({ x: 300, y: 200, width: 84, height: 16 }, frame, { width: 192, height: 100 }), {
    x: 150,
    y: 93,
    width: 42,
    height: 7,
  });
});
