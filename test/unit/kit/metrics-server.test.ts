import test from "ava";
import { startMetricsServer } from "../../../services/kit/metrics/metrics-server.js";

test("the metrics server answers GET /metrics with the Prometheus text and 404 JSON elsewhere", async (t) => {
  const server = await startMetricsServer({ host: "127.0.0.1", port: 0 });
  t.teardown(() => server.close());
  const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  t.is(metrics.status, 200);
  t.regex(metrics.headers.get("content-type") ?? "", /text\/plain/);
  t.regex(await metrics.text(), /^process_cpu_user_seconds_total /m);
  const other = await fetch(`http://127.0.0.1:${server.port}/other`);
  t.is(other.status, 404);
  t.deepEqual(await other.json(), { message: "Not found", responseCode: 404 });
});
