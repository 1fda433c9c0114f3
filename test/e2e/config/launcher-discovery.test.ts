import test from "ava";
import { createConfigModule } from "../../../services/config/config.module.js";
import type { EndpointEntry } from "../../../services/config/discovery/endpoint-entry.js";
import { startConfigStack } from "../../support/config/config-stack.js";

test("a launcher-given discovery replaces M3_CONFIG_ENDPOINTS and can be filled in after start", async (t) => {
  const entries: EndpointEntry[] = [];
  let closed = false;
  const module = createConfigModule({
    discovery: {
      entries: () => entries,
      close: async () => {
        closed = true;
      },
    },
  });
  const stack = await startConfigStack(
    { M3_CONFIG_ENDPOINTS: '[{"names":"ignored","url":"http://ignored","proxyPath":"/x"}]' },
    module,
  );
  try {
    t.deepEqual((await stack.http.get("/config/endpoints")).json, []);
    entries.push({
      names: ["vampire-squid"],
      url: "http://localhost:8080/vam/v1",
      internalUrl: "http://127.0.0.1:8080/vam/v1",
      proxyPath: "/vam",
      timeoutMillis: 10_000,
    });
    t.deepEqual((await stack.http.get("/config/endpoints")).json, [
      {
        name: "vampire-squid",
        url: "http://localhost:8080/vam/v1",
        timeoutMillis: 10000,
        secret: null,
        proxyPath: "/vam",
      },
    ]);
  } finally {
    await stack.stop();
  }
  t.true(closed);
});
