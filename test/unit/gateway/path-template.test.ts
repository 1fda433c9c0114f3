import test from "ava";
import { joinPath, templateParameters } from "../../../gateway/src/engine/path-template.js";

test("template parameters are listed in order", (t) => {
  t.deepEqual(templateParameters("/v1/media/camera/{camera_id}/{start_timestamp}/{end_timestamp}"), [
    "camera_id",
    "start_timestamp",
    "end_timestamp",
  ]);
});

test("a parameter that is not a field name is rejected", (t) => {
  t.throws(() => templateParameters("/v1/{video-uuid}"), { message: /not a field name/ });
});

test("base path and route path join with exactly one slash", (t) => {
  t.is(joinPath("/vam", "/v1/media"), "/vam/v1/media");
  t.is(joinPath("/vam/", "/v1/media"), "/vam/v1/media");
  t.is(joinPath("", "/v1/media"), "/v1/media");
  t.is(joinPath("/capture", ""), "/capture");
  t.is(joinPath("", ""), "/");
});
