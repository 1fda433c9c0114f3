import test from "ava";
import { compareSpecificity, sortBySpecificity } from "../../../gateway/src/engine/route-order.js";

test("a literal segment sorts before a parameter at the same position", (t) => {
  const sorted = sortBySpecificity(
    ["/v1/videosequences/{uuid}", "/v1/videosequences/names", "/v1/videosequences/lastupdate/{uuid}"],
    (path) => path,
  );
  t.deepEqual(sorted, [
    "/v1/videosequences/names",
    "/v1/videosequences/lastupdate/{uuid}",
    "/v1/videosequences/{uuid}",
  ]);
});

test("the leftmost differing segment decides", (t) => {
  t.true(compareSpecificity("/a/b/{y}", "/a/{x}/b") < 0);
  t.true(compareSpecificity("/a/{x}/b", "/a/b/{y}") > 0);
});

test("a segment mixing text and a parameter sits between a literal and a bare parameter", (t) => {
  const sorted = sortBySpecificity(["/f/{name}", "/f/{name}.json", "/f/list"], (path) => path);
  t.deepEqual(sorted, ["/f/list", "/f/{name}.json", "/f/{name}"]);
});

test("routes of equal specificity keep their table order", (t) => {
  const routes = [
    { path: "/b/{x}", id: 1 },
    { path: "/a/{x}", id: 2 },
    { path: "/c", id: 3 },
    { path: "/a/{x}/{y}", id: 4 },
  ];
  t.deepEqual(
    sortBySpecificity(routes, (route) => route.path).map((route) => route.id),
    [1, 2, 3, 4],
  );
});

test("parameter routes come after their literal siblings whatever the table order", (t) => {
  const paths = [
    "/v1/media/{uuid}",
    "/v1/media/uri/{uri}",
    "/v1/media/move/{uuid}",
    "/v1/media/sha512/{sha}",
  ];
  for (const table of [paths, [...paths].reverse()]) {
    const sorted = sortBySpecificity(table, (path) => path);
    t.is(sorted.at(-1), "/v1/media/{uuid}");
  }
});
