import test from "ava";
import {
  frameCommandArgs,
  hasReservedColorMetadata,
  probeArgs,
  seekSeconds,
} from "../../../services/capture/ffmpeg/ffmpeg-args.js";
import { isInterlacedFieldOrder, videoFactsOf } from "../../../services/capture/ffmpeg/video-probe.js";

const base = {
  input: "https://example.org/v.mp4",
  protocols: ["http", "https"],
  elapsedMillis: 1234,
  imageType: "jpg" as const,
  accurate: true,
  nokey: false,
  deinterlace: false,
  forceBt709: false,
  target: "/cache/x.jpg",
};

test("a plain JPEG capture uses the legacy argv order and best JPEG quality", (t) => {
  t.deepEqual(frameCommandArgs(base), [
    "-threads",
    "2",
    "-protocol_whitelist",
    "http,https",
    "-ss",
    "1.234",
    "-i",
    "https://example.org/v.mp4",
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    "-qmin",
    "1",
    "-q:v",
    "1",
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "/cache/x.jpg",
  ]);
});

test("nokey, inaccurate seeking, deinterlacing and the colour retry add their flags before and after -i", (t) => {
  const args = frameCommandArgs({
    ...base,
    imageType: "png",
    nokey: true,
    accurate: false,
    deinterlace: true,
    forceBt709: true,
  });
  const input = args.indexOf("-i");
  t.deepEqual(args.slice(input - 3, input), ["-skip_frame", "nokey", "-noaccurate_seek"]);
  const frames = args.indexOf("-frames:v");
  t.deepEqual(args.slice(frames + 2, frames + 4), ["-fps_mode", "passthrough"]);
  t.is(
    args[args.indexOf("-vf") + 1],
    "bwdif=mode=send_frame:parity=auto:deint=all,colorspace=iall=bt709:all=bt709,format=rgb24",
  );
  t.deepEqual(args.slice(args.indexOf("-c:v"), args.indexOf("-c:v") + 2), ["-c:v", "png"]);
  t.false(args.includes("-q:v"));
});

test("seek times are seconds with milliseconds and do not wrap at 24 hours", (t) => {
  t.is(seekSeconds(0), "0.000");
  t.is(seekSeconds(5), "0.005");
  t.is(seekSeconds(90_061_007), "90061.007");
});

test("ffprobe is asked for the first video stream's size and field order and the duration as csv", (t) => {
  t.deepEqual(probeArgs("file:/v.mp4", ["file"]), [
    "-v",
    "error",
    "-protocol_whitelist",
    "file",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height,field_order:format=duration",
    "-of",
    "csv=p=0",
    "file:/v.mp4",
  ]);
});

test("tt, bb, tb and bt are interlaced in any case or spacing; progressive, unknown and empty are not; the duration is read in milliseconds", (t) => {
  for (const order of ["tt", "BB", " tb ", "bt\n"]) t.true(isInterlacedFieldOrder(order), order);
  for (const order of ["progressive", "unknown", "", undefined]) t.false(isInterlacedFieldOrder(order));
  t.deepEqual(videoFactsOf("\n320,240,tt\n4.000000\n"), { interlaced: true, durationMillis: 4000 });
  t.deepEqual(videoFactsOf("320,240\nN/A"), { interlaced: false, durationMillis: undefined });
  t.deepEqual(videoFactsOf(""), { interlaced: false, durationMillis: undefined });
});

test("the colour retry triggers on reserved primaries or transfer characteristics only", (t) => {
  t.true(hasReservedColorMetadata("... prim:reserved ..."));
  t.true(hasReservedColorMetadata("trc:reserved"));
  t.false(hasReservedColorMetadata("Invalid data found"));
});
