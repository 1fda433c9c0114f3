import test from "ava";
import { decodeHealthStatus } from "../../../services/config/health/health-record.js";

const record = {
  jdkVersion: "21.0.2",
  availableProcessors: 2,
  freeMemory: 300_000_000,
  maxMemory: 4_000_000_000,
  totalMemory: 500_000_000,
  application: "charybdis",
  version: "1.0.0",
  description: "Publication Dataset Server",
};

test("the legacy HealthStatus record is read as it is", (t) => {
  t.deepEqual(decodeHealthStatus(record), record);
  t.deepEqual(decodeHealthStatus({ ...record, hostname: "extra fields are ignored" }), record);
});

test("a MicroProfile health document that is up gives the record one of its checks carries (charybdis on Quarkus)", (t) => {
  const document = {
    status: "UP",
    checks: [
      { name: "database", status: "UP" },
      { name: "Server status", status: "UP", data: { ...record, hostname: "charybdis-0" } },
    ],
  };
  t.deepEqual(decodeHealthStatus(document), record);
});

test("a Helidon health document gives its memory check's bytes, the rest unknown (as raziel reads it)", (t) => {
  const document = {
    outcome: "UP",
    status: "UP",
    checks: [
      { name: "deadlock", state: "UP", status: "UP" },
      { name: "diskSpace", status: "UP", data: { freeBytes: 43_000_000_000, totalBytes: 75_000_000_000 } },
      {
        name: "heapMemory",
        status: "UP",
        data: { freeBytes: 64_000_000, maxBytes: 989_000_000, totalBytes: 112_000_000 },
      },
    ],
  };
  t.like(decodeHealthStatus(document), {
    freeMemory: 64_000_000,
    maxMemory: 989_000_000,
    totalMemory: 112_000_000,
    application: "unknown",
  });
});

test("a document that is down, has no checks or no usable check, and anything else is not a health answer", (t) => {
  const up = { status: "UP", checks: [{ name: "Server status", status: "UP", data: record }] };
  t.is(decodeHealthStatus({ ...up, status: "DOWN" }), undefined);
  t.is(decodeHealthStatus({ status: "UP" }), undefined);
  t.is(decodeHealthStatus({ status: "UP", checks: [{ name: "x", data: { freeBytes: "1 GB" } }] }), undefined);
  t.is(decodeHealthStatus([record]), undefined);
  t.is(decodeHealthStatus("UP"), undefined);
  t.is(decodeHealthStatus(null), undefined);
});
