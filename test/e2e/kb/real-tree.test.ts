import { randomBytes } from "node:crypto";
import test from "ava";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import {
  type Backend,
  KB_BACKENDS,
  startTestPlatform,
  type TestPlatform,
} from "../../support/e2e/test-platform.js";

interface Node {
  name: string;
  rank?: string;
  alternativeNames?: string[];
  children?: Node[];
}

const platforms = new Map<Backend, TestPlatform>();
test.before(async () => {
  const admin = { M3_ADMIN_USER: "admin", M3_ADMIN_PASSWORD: randomBytes(8).toString("hex") };
  for (const backend of KB_BACKENDS) {
    platforms.set(backend, await startTestPlatform(backend, admin, { importKb: true }));
  }
});
test.after.always(async () => {
  await Promise.allSettled([...platforms.values()].map((platform) => platform.stop()));
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function http(backend: Backend): HttpClient {
  const platform = platforms.get(backend);
  if (!platform) throw new Error(`the ${backend} platform did not start`);
  return platform.http;
}

/** Every node with its depth (the root is 0). */
function walk(
  node: Node,
  depth = 0,
  out: { node: Node; depth: number }[] = [],
): { node: Node; depth: number }[] {
  out.push({ node, depth });
  for (const child of node.children ?? []) walk(child, depth + 1, out);
  return out;
}

for (const backend of KB_BACKENDS) {
  test(`${backend}: on the imported real tree, phylogeny down from object returns all 4,092 concepts`, async (t) => {
    const down = (await http(backend).get("/kb/v1/phylogeny/down/object")).json as Node;
    t.is(down.name, "object");
    t.deepEqual(down.alternativeNames, ["root"]);
    t.is(walk(down).length, 4092);
    const taxa = (await http(backend).get("/kb/v1/phylogeny/taxa/object")).json as Node[];
    t.is(taxa.length, 4092);
  });

  test(`${backend}: the basic path and the up branch of the deepest leaf have its depth`, async (t) => {
    const down = (await http(backend).get("/kb/v1/phylogeny/down/object")).json as Node;
    const deepest = walk(down).reduce((best, item) => (item.depth > best.depth ? item : best));
    t.is(deepest.depth, 16);
    const basic = (await http(backend).get(`/kb/v1/phylogeny/basic/${encodeURIComponent(deepest.node.name)}`))
      .json as Node[];
    t.is(basic.length, deepest.depth + 1);
    t.is(basic[0]?.name, "object");
    t.is(basic.at(-1)?.name, deepest.node.name);
    const up = (await http(backend).get(`/kb/v1/phylogeny/up/${encodeURIComponent(deepest.node.name)}`))
      .json as Node;
    t.is(walk(up).length, deepest.depth + 1);
  });

  test(`${backend}: the real tree answers the lookups clients rely on`, async (t) => {
    const client = http(backend);
    t.like((await client.get("/kb/v1/concept/query/root")).json, {
      name: "object",
      alternateNames: ["root"],
    });
    t.like((await client.get("/kb/v1/concept/parent/Nanomia")).json, { name: "Agalmatidae" });
    const names = (await client.get("/kb/v1/concept")).json as string[];
    t.is(names.length, 5209);
    // m3's own count route counts each concept once, however many names it has.
    t.deepEqual((await client.get("/kb/v1/concept/count")).json, { count: 4092 });
    const found = (await client.get("/kb/v1/concept/find/nanomia")).json as { name: string }[];
    t.true(found.some((concept) => concept.name === "Nanomia"));
    const children = (await client.get("/kb/v1/concept/children/object")).json as { name: string }[];
    t.deepEqual(
      children.map((child) => child.name),
      ["behavior", "data file", "ocean zone", "physical object"],
    );
    t.deepEqual((await client.get("/kb/v1/linktemplates/count")).json, { count: 790 });
    t.deepEqual((await client.get("/kb/v1/linkrealizations/count")).json, { count: 5409 });
  });
}
