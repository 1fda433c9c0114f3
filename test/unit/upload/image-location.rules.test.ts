import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import {
  checkImageNames,
  diveOf,
  imageContentType,
  imageKey,
  imageUri,
} from "../../../services/upload/services/image-location.rules.js";

const NAMES = { cameraId: "Doc Ricketts", deploymentId: "Doc Ricketts 2309", name: "D2309_01_02_03.png" };

test("the dive is the deployment's last word zero-padded to 4 digits when it is a number", (t) => {
  t.is(diveOf("Doc Ricketts 2309"), "2309");
  t.is(diveOf("Ventana 34"), "0034");
  t.is(diveOf("12345"), "12345");
  t.is(diveOf("Ventana -5"), "-005");
});

test("a deployment whose last word is not an int keeps its whole name as the dive", (t) => {
  t.is(diveOf("deployment"), "deployment");
  t.is(diveOf("Dive 12b"), "Dive 12b");
  t.is(diveOf("Dive 99999999999"), "Dive 99999999999");
});

test("an image is filed under <camera>/images/<dive>/<name>", (t) => {
  t.is(imageKey(NAMES), "Doc Ricketts/images/2309/D2309_01_02_03.png");
  t.is(
    imageKey({ cameraId: "camera", deploymentId: "deployment", name: "01_02_03_04.jpg" }),
    "camera/images/deployment/01_02_03_04.jpg",
  );
});

test("the URI is the public base and the key with each segment percent-encoded (spaces as %20)", (t) => {
  t.is(
    imageUri("http://localhost/framegrabs", imageKey(NAMES)),
    "http://localhost/framegrabs/Doc%20Ricketts/images/2309/D2309_01_02_03.png",
  );
  t.is(imageUri("http://h/b", "a+b/images/x/é&.png"), "http://h/b/a%2Bb/images/x/%C3%A9%26.png");
});

test("names of letters, digits, spaces and safe punctuation are accepted unchanged", (t) => {
  t.deepEqual(checkImageNames(NAMES), NAMES);
  const unusual = {
    cameraId: "Tiburon (old)",
    deploymentId: "Ventana 34",
    name: "Crème_brûlée-1,2;3@4+5=6~[7]{8}.JPG",
  };
  t.deepEqual(checkImageNames(unusual), unusual);
});

const BAD_NAMES: [string, Partial<typeof NAMES>, string][] = [
  ["a slash", { name: "../etc/passwd" }, "name"],
  ["a backslash", { cameraId: "a\\b" }, "camera_id"],
  ["a dot-dot segment", { deploymentId: ".." }, "deployment_id"],
  ["a single dot", { cameraId: "." }, "camera_id"],
  ["a leading dot in the name", { name: ".hidden.png" }, "name"],
  ["a control character", { name: "a\u0000b.png" }, "name"],
  ["a question mark", { name: "a?.png" }, "name"],
  ["a hash", { name: "a#1.png" }, "name"],
  ["a percent sign", { cameraId: "100%" }, "camera_id"],
  ["a leading space", { deploymentId: " 2309" }, "deployment_id"],
  ["more than 255 bytes", { name: `${"é".repeat(128)}.png` }, "name"],
];

for (const [label, change, field] of BAD_NAMES) {
  test(`a name with ${label} is INVALID_ARGUMENT naming ${field}`, (t) => {
    const error = t.throws(() => checkImageNames({ ...NAMES, ...change }), { instanceOf: DomainError });
    t.is(error?.code, "INVALID_ARGUMENT");
    t.is(error?.metadata.field, field);
  });
}

test("a blank name is INVALID_ARGUMENT MISSING_FIELD", (t) => {
  const error = t.throws(() => checkImageNames({ ...NAMES, cameraId: " " }), { instanceOf: DomainError });
  t.is(error?.reason, "MISSING_FIELD");
  t.is(error?.metadata.field, "camera_id");
});

test("the stored media type is the declared image type, else the one the extension implies", (t) => {
  t.is(imageContentType("a.png", "image/PNG"), "image/png");
  t.is(imageContentType("a.png", "application/octet-stream"), "image/png");
  t.is(imageContentType("a.JPEG", undefined), "image/jpeg");
  t.is(imageContentType("a.raw", "text/plain"), undefined);
  t.is(imageContentType("noextension", undefined), undefined);
});
