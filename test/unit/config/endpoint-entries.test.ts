import test from "ava";
import { entriesFromService } from "../../../services/config/discovery/service-annotations.js";
import { parseStaticEndpoints } from "../../../services/config/discovery/static-discovery.js";

const service = (annotations: Record<string, string>) => ({ metadata: { name: "m3-kb", annotations } });

test("a Service without m3.io/endpoint-names is not an endpoint", (t) => {
  t.deepEqual(entriesFromService(service({ "m3.io/url": "http://x/kb/v1" })), []);
  t.deepEqual(entriesFromService({}), []);
});

test("a Service's annotations give names in order, URLs without a trailing slash and defaults", (t) => {
  t.deepEqual(
    entriesFromService(
      service({
        "m3.io/endpoint-names": " oni, vars-kb-server ,,vars-user-server",
        "m3.io/url": "http://h/kb/v1/",
      }),
    ),
    [
      {
        names: ["oni", "vars-kb-server", "vars-user-server"],
        url: "http://h/kb/v1",
        internalUrl: "http://h/kb/v1",
        proxyPath: "",
        timeoutMillis: 10_000,
      },
    ],
  );
});

test("an invalid annotation fails naming the Service and the annotation", (t) => {
  const names = { "m3.io/endpoint-names": "oni" };
  t.throws(() => entriesFromService(service(names)), { message: "Service m3-kb: m3.io/url is missing" });
  t.throws(() => entriesFromService(service({ ...names, "m3.io/url": "/kb/v1" })), {
    message: /m3.io\/url must be an absolute URL/,
  });
  t.throws(() => entriesFromService(service({ ...names, "m3.io/url": "ftp://h/kb" })), {
    message: /http or https/,
  });
  t.throws(
    () => entriesFromService(service({ ...names, "m3.io/url": "http://h", "m3.io/timeout-millis": "10s" })),
    {
      message: /m3.io\/timeout-millis must be a positive whole number/,
    },
  );
  t.throws(() => entriesFromService(service({ "m3.io/endpoint-names": " , ", "m3.io/url": "http://h" })), {
    message: /at least one endpoint/,
  });
});

test("the static list reads names as a list or a comma-separated string, with optional fields", (t) => {
  const entries = parseStaticEndpoints(
    JSON.stringify([
      {
        names: ["annosaurus"],
        url: "http://localhost:8080/anno/v1",
        proxyPath: "/anno",
        secretEnv: "M3_API_KEY",
      },
      {
        names: "oni,vars-kb-server",
        url: "http://localhost:8080/kb/v1/",
        internalUrl: "http://127.0.0.1:8080/kb/v1",
        proxyPath: "/kb",
        timeoutMillis: 20000,
      },
    ]),
  );
  t.deepEqual(entries, [
    {
      names: ["annosaurus"],
      url: "http://localhost:8080/anno/v1",
      internalUrl: "http://localhost:8080/anno/v1",
      proxyPath: "/anno",
      timeoutMillis: 10_000,
      secretEnv: "M3_API_KEY",
    },
    {
      names: ["oni", "vars-kb-server"],
      url: "http://localhost:8080/kb/v1",
      internalUrl: "http://127.0.0.1:8080/kb/v1",
      proxyPath: "/kb",
      timeoutMillis: 20_000,
    },
  ]);
  t.deepEqual(parseStaticEndpoints(undefined), []);
  t.deepEqual(parseStaticEndpoints(" "), []);
});

test("a bad static list fails naming the entry and field", (t) => {
  t.throws(() => parseStaticEndpoints("{"), {
    message: "M3_CONFIG_ENDPOINTS must be a JSON array of endpoints",
  });
  t.throws(() => parseStaticEndpoints("{}"), {
    message: "M3_CONFIG_ENDPOINTS must be a JSON array of endpoints",
  });
  t.throws(() => parseStaticEndpoints('[{"names":["a"],"url":"http://h"},3]'), {
    message: "M3_CONFIG_ENDPOINTS[1] must be an object",
  });
  t.throws(() => parseStaticEndpoints('[{"names":["a"]}]'), {
    message: "M3_CONFIG_ENDPOINTS[0].url must be a URL",
  });
  t.throws(() => parseStaticEndpoints('[{"url":"http://h"}]'), { message: /\[0\]\.names must be a list/ });
  t.throws(() => parseStaticEndpoints('[{"names":"a","url":"http://h","timeoutMillis":0}]'), {
    message: /\[0\]\.timeoutMillis must be a positive whole number/,
  });
});

test("a Service's extra endpoints follow its own, in the static list's form, without secrets unless named", (t) => {
  t.deepEqual(
    entriesFromService(
      service({
        "m3.io/endpoint-names": "beholder",
        "m3.io/url": "https://m3.example.org/capture",
        "m3.io/secret-env": "M3_CAPTURE_API_KEY",
        "m3.io/extra-endpoints": JSON.stringify([
          {
            names: "skimmer",
            url: "https://m3.example.org/skimmer/",
            internalUrl: "http://m3-gateway:8080/skimmer",
            proxyPath: "/skimmer",
          },
        ]),
      }),
    ).map(({ names, url, internalUrl, secretEnv }) => ({ names, url, internalUrl, secretEnv })),
    [
      {
        names: ["beholder"],
        url: "https://m3.example.org/capture",
        internalUrl: "https://m3.example.org/capture",
        secretEnv: "M3_CAPTURE_API_KEY",
      },
      {
        names: ["skimmer"],
        url: "https://m3.example.org/skimmer",
        internalUrl: "http://m3-gateway:8080/skimmer",
        secretEnv: undefined,
      },
    ],
  );
  t.deepEqual(
    entriesFromService(
      service({ "m3.io/extra-endpoints": '[{"names":["charybdis"],"url":"http://h/references"}]' }),
    ).map((entry) => entry.names),
    [["charybdis"]],
  );
});

test("invalid extra endpoints fail naming the Service, the annotation and the entry", (t) => {
  t.throws(() => entriesFromService(service({ "m3.io/extra-endpoints": "skimmer" })), {
    message: "Service m3-kb: m3.io/extra-endpoints must be a JSON array of endpoints",
  });
  t.throws(() => entriesFromService(service({ "m3.io/extra-endpoints": '[{"names":"skimmer"}]' })), {
    message: "Service m3-kb: m3.io/extra-endpoints[0].url must be a URL",
  });
});
