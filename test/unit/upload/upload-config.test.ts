import test from "ava";
import { DEFAULT_MAX_BYTES, readUploadSettings } from "../../../services/upload/config.js";

const S3 = {
  M3_UPLOAD_S3_ENDPOINT: "http://minio:9000",
  M3_UPLOAD_S3_ACCESS_KEY: "access",
  M3_UPLOAD_S3_SECRET_KEY: "secret",
};

test("without an S3 endpoint images go to <dataDir>/upload, named by file: URLs, up to 50 MiB", (t) => {
  const settings = readUploadSettings({}, "/srv/m3 data");
  t.deepEqual(settings.store, { kind: "disk", directory: "/srv/m3 data/upload" });
  t.is(settings.publicUrl, "file:///srv/m3%20data/upload");
  t.is(settings.maxBytes, DEFAULT_MAX_BYTES);
});

test("M3_UPLOAD_DIR and M3_UPLOAD_PUBLIC_URL place the disk store and name its URLs", (t) => {
  const settings = readUploadSettings(
    { M3_UPLOAD_DIR: "/framegrabs", M3_UPLOAD_PUBLIC_URL: "http://localhost/framegrabs/" },
    "/data",
  );
  t.deepEqual(settings.store, { kind: "disk", directory: "/framegrabs" });
  t.is(settings.publicUrl, "http://localhost/framegrabs");
});

test("an S3 endpoint selects S3 with the default bucket and region, URLs path-style under the bucket", (t) => {
  const settings = readUploadSettings(S3, "/data");
  t.like(settings.store, {
    kind: "s3",
    accessKey: "access",
    secretKey: "secret",
    bucket: "m3-images",
    region: "us-east-1",
  });
  t.is(settings.store.kind === "s3" && settings.store.endpoint.href, "http://minio:9000/");
  t.is(settings.publicUrl, "http://minio:9000/m3-images");
});

test("bucket, region, public URL and size limit are read from the environment", (t) => {
  const settings = readUploadSettings(
    {
      ...S3,
      M3_UPLOAD_S3_BUCKET: "frames",
      M3_UPLOAD_S3_REGION: "eu-west-1",
      M3_UPLOAD_PUBLIC_URL: "https://cdn.example.org/frames",
      M3_UPLOAD_MAX_BYTES: "1048576",
    },
    "/data",
  );
  t.like(settings.store, { bucket: "frames", region: "eu-west-1" });
  t.is(settings.publicUrl, "https://cdn.example.org/frames");
  t.is(settings.maxBytes, 1_048_576);
});

test("bad settings fail at start with a message naming the variable", (t) => {
  t.throws(() => readUploadSettings({ M3_UPLOAD_S3_ENDPOINT: "minio:9000" }, "/d"), {
    message: /M3_UPLOAD_S3_ENDPOINT/,
  });
  t.throws(() => readUploadSettings({ M3_UPLOAD_S3_ENDPOINT: "http://minio:9000" }, "/d"), {
    message: /M3_UPLOAD_S3_ACCESS_KEY/,
  });
  t.throws(() => readUploadSettings({ ...S3, M3_UPLOAD_S3_BUCKET: "No_Such" }, "/d"), {
    message: /M3_UPLOAD_S3_BUCKET/,
  });
  t.throws(() => readUploadSettings({ M3_UPLOAD_PUBLIC_URL: "not a url" }, "/d"), {
    message: /M3_UPLOAD_PUBLIC_URL/,
  });
  t.throws(() => readUploadSettings({ M3_UPLOAD_MAX_BYTES: "0" }, "/d"), { message: /M3_UPLOAD_MAX_BYTES/ });
});
