import { Writable } from "node:stream";
import test from "ava";
import { readLogFormat } from "../../../services/kit/log/log-format.js";
import { createLogger } from "../../../services/kit/log/logger.js";

function collector(isTTY: boolean): { stream: Writable & { isTTY?: boolean }; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream, text: () => chunks.join("") };
}

test("logs are readable lines on a terminal and JSON elsewhere, unless M3_LOG_FORMAT says otherwise", (t) => {
  t.is(readLogFormat({}, true), "pretty");
  t.is(readLogFormat({}, false), "json");
  t.is(readLogFormat({ M3_LOG_FORMAT: "json" }, true), "json");
  t.is(readLogFormat({ M3_LOG_FORMAT: "Pretty" }, false), "pretty");
  t.is(readLogFormat({ M3_LOG_FORMAT: "" }, false), "json");
});

test("an unknown log format is refused at start, naming the variable and the choices", (t) => {
  t.throws(() => readLogFormat({ M3_LOG_FORMAT: "xml" }, true), {
    message: /M3_LOG_FORMAT must be json or pretty/,
  });
});

test("a pretty logger writes one line per event: the level, the domain, the message and the other fields", (t) => {
  const { stream, text } = collector(false);
  const logger = createLogger({ name: "m3", format: "pretty", destination: stream });
  logger.child({ domain: "kb" }).info({ address: "127.0.0.1:5" }, "gRPC server listening");
  logger.warn("second event");
  const lines = text().trimEnd().split("\n");
  t.is(lines.length, 2);
  t.regex(
    lines[0] as string,
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[kb\] gRPC server listening .*"address":"127\.0\.0\.1:5"/,
  );
  t.regex(lines[1] as string, /WARN: second event$/);
  t.false((lines[0] as string).includes("\u001b["), "no colour codes when the destination is not a terminal");
  t.throws(() => JSON.parse(lines[0] as string));
});

test("a readable access line says the method, path, status and duration in words, then the request id", (t) => {
  const { stream, text } = collector(false);
  const logger = createLogger({ name: "m3", format: "pretty", destination: stream });
  logger.info(
    { method: "GET", path: "/kb/v1/concept/Aegina", status: 200, durationMs: 3.1, requestId: "r-1" },
    "request",
  );
  logger.error({ method: "POST", path: "/vam/v1/media", status: 500, durationMs: 9 }, "request failed");
  const [ok, failed] = text().trimEnd().split("\n") as [string, string];
  t.regex(ok, /INFO: GET \/kb\/v1\/concept\/Aegina 200 3\.1 ms \{"requestId":"r-1"\}$/);
  t.regex(failed, /ERROR: request failed: POST \/vam\/v1\/media 500 9 ms$/);
});

test("a pretty logger colours its lines when the destination is a terminal", (t) => {
  const { stream, text } = collector(true);
  createLogger({ name: "m3", format: "pretty", destination: stream }).error("broken");
  t.true(text().includes("\u001b["));
});

test("a JSON logger writes one JSON object per event", (t) => {
  const { stream, text } = collector(true);
  createLogger({ name: "m3", format: "json", destination: stream }).info({ n: 1 }, "counted");
  t.like(JSON.parse(text()), { name: "m3", msg: "counted", n: 1, level: 30 });
});
