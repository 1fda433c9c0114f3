import test from "ava";
import {
  actorOf,
  SERVICE_ACTOR,
  signedInUser,
} from "../../../services/annotation/boxes/services/box-actor.rules.js";
import {
  checkBoxQuery,
  DEFAULT_BOX_LIMIT,
} from "../../../services/annotation/boxes/services/box-query.rules.js";
import { withVerifier } from "../../../services/annotation/boxes/services/box-value.rules.js";
import { CategoryList } from "../../../tools/m3/export/categories.js";
import { imageFileName } from "../../../tools/m3/export/image-store.js";

test("a box query defaults its page, drops blank concepts and refuses a bad page, UUID or a lone descendants", (t) => {
  t.like(checkBoxQuery({ concept: [" Aegina ", ""] }), {
    concepts: ["Aegina"],
    limit: DEFAULT_BOX_LIMIT,
    offset: 0,
    descendants: false,
  });
  t.is(checkBoxQuery({ concept: [] }).concepts, undefined);
  t.throws(() => checkBoxQuery({ concept: [], limit: 0 }), { message: "limit must be at least 1" });
  t.throws(() => checkBoxQuery({ concept: [], limit: 10_001 }), { message: /from 0 to 10000/ });
  t.throws(() => checkBoxQuery({ concept: [], offset: -1 }), { message: /offset/ });
  t.throws(() => checkBoxQuery({ concept: [], videoReferenceUuid: "x" }), { message: /not a valid UUID/ });
  t.throws(() => checkBoxQuery({ concept: [], descendants: true }), {
    message: "descendants needs a concept",
  });
});

test("verifying sets the verifier and keeps every other field the tools wrote", (t) => {
  const value = JSON.stringify({
    x: 1,
    y: 2,
    width: 3,
    height: 4,
    generator: "yolo",
    part: "bell",
    verifier: "old",
  });
  t.deepEqual(JSON.parse(withVerifier(value, "lonny")), {
    x: 1,
    y: 2,
    width: 3,
    height: 4,
    generator: "yolo",
    part: "bell",
    verifier: "lonny",
  });
});

test("the actor is the token's user, else the API key's service; verifying needs a user", (t) => {
  t.is(actorOf({ name: "brian" }), "brian");
  t.is(actorOf({ iss: "m3" }), SERVICE_ACTOR);
  t.is(actorOf(undefined), SERVICE_ACTOR);
  t.is(signedInUser({ name: "kyle" }), "kyle");
  t.throws(() => signedInUser({ name: " " }), { message: /signed-in user/ });
});

test("export categories: the asked ones first in their order, then others as met, ids from 1", (t) => {
  const categories = new CategoryList(["Aegina", "Cnidaria"]);
  t.is(categories.idOf("Nanomia"), 3);
  t.is(categories.idOf("Aegina"), 1);
  t.deepEqual(categories.names(), ["Aegina", "Cnidaria", "Nanomia"]);
});

test("an exported image is named by its reference and its URL's image extension, .png otherwise", (t) => {
  t.is(imageFileName("u1", "http://host/a/b.JPG?x=1"), "u1.jpg");
  t.is(imageFileName("u2", "http://host/frame"), "u2.png");
  t.is(imageFileName("u3", "not a url"), "u3.png");
});
