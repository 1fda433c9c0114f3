import test from "ava";
import { annotationFastRoutes } from "../../../gateway/src/routes/anno-fast.routes.js";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);

const BAD_PATH_VALUES = ["not-a-uuid", "-1", "x%25y", "%E2%9C%93", "x'%20OR%20'1'%3D'1"];
const BAD_BODIES = [
  { body: "{not json", contentType: "application/json" },
  { body: "[1,2,3]", contentType: "application/json" },
  { body: '{"concepts":"Aegina","min_depth":"deep","limit":"many"}', contentType: "application/json" },
  { body: '{"video_reference_uuids":[7],"start_timestamp":"yesterday"}', contentType: "application/json" },
  { body: "concepts=Aegina", contentType: "application/x-www-form-urlencoded" },
];

for (const backend of BACKENDS) {
  test(`${backend}: every fast route answers malformed paths, paging and bodies with a JSON 4xx or an empty result`, async (t) => {
    const { http } = stack(backend);
    for (const route of annotationFastRoutes) {
      for (const value of BAD_PATH_VALUES) {
        const path = `/anno${route.path.replace(/\{[^}]+\}/g, value)}`;
        const bodies = route.body ? BAD_BODIES : [{ body: undefined, contentType: undefined }];
        for (const { body, contentType } of bodies) {
          for (const query of ["?limit=-5", "?offset=abc", "?data=maybe"]) {
            const reply = await http.request(route.method, `${path}${query}`, {
              body,
              contentType,
              auth: true,
            });
            const where = `${route.method} ${path}${query} ${body ?? ""}`;
            t.true(reply.status < 500, `${where} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
            t.is(reply.headers.get("content-type")?.split(";")[0], "application/json", where);
            if (reply.status >= 400)
              t.is((reply.json as { responseCode?: number }).responseCode, reply.status, where);
          }
        }
      }
    }
  });
}
