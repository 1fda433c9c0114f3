import test from "ava";
import { entriesFromService } from "../../../services/config/discovery/service-annotations.js";
import { DOMAIN_DISCOVERY } from "../../../services/operator/builders/domain-discovery.js";
import { allInOneDomains, routeTablesOf } from "../../../tools/m3/all-in-one/domains.js";
import { envNamed, envOf, find, type Json, objectsOf } from "../../support/operator/built-objects.js";

test("each domain's Service carries the m3.io annotations the config service lists it by: public and in-cluster URLs, proxy path, and its key's variable", (t) => {
  const objects = objectsOf();
  const entries = ["kb", "annotation", "registry", "capture", "upload"].flatMap((domain) =>
    entriesFromService(find(objects, "Service", `m3-${domain}`)),
  );
  t.deepEqual(
    entries.map((entry) => [entry.names.join(","), entry.url, entry.proxyPath, entry.secretEnv ?? ""]),
    [
      ["oni,vars-kb-server,vars-user-server", "https://m3.example.org/kb/v1", "/oni", "M3_KB_API_KEY"],
      ["annosaurus", "https://m3.example.org/anno/v1", "/anno", "M3_ANNOTATION_API_KEY"],
      ["charybdis", "https://m3.example.org/references", "/references", ""],
      ["vampire-squid", "https://m3.example.org/vam/v1", "/vam", "M3_REGISTRY_API_KEY"],
      ["beholder", "https://m3.example.org/capture", "/beholder", "M3_CAPTURE_API_KEY"],
      ["skimmer", "https://m3.example.org/skimmer", "/skimmer", ""],
      ["panoptes", "https://m3.example.org/panoptes/v1", "/panoptes", "M3_UPLOAD_API_KEY"],
    ],
  );
  t.is(entries[0]?.internalUrl, "http://m3-gateway.media.svc.cluster.local:8080/kb/v1");
  t.deepEqual(
    entriesFromService(find(objects, "Service", "m3-config")),
    [],
    "config lists no endpoint of its own",
  );
  const elsewhere = objectsOf({ clusterDomain: "example.internal" });
  t.is(
    entriesFromService(find(elsewhere, "Service", "m3-kb"))[0]?.internalUrl,
    "http://m3-gateway.media.svc.example.internal:8080/kb/v1",
  );
});

test("the operator's discovery table names the endpoints the all-in-one lists, at the paths the gateway serves them", (t) => {
  for (const domain of allInOneDomains) {
    const name = domain.module.name as keyof typeof DOMAIN_DISCOVERY;
    const listed = (domain.endpoints ?? []).map((endpoint) => {
      const table = "table" in endpoint.at ? endpoint.at.table : undefined;
      const routes = routeTablesOf(domain).find((routesOf) => (routesOf.name ?? name) === (table ?? name));
      const path =
        "belowBase" in endpoint.at ? `${routes?.basePath}${endpoint.at.belowBase}` : routes?.basePath;
      return { names: endpoint.names.join(","), path, proxyPath: endpoint.proxyPath };
    });
    const table = DOMAIN_DISCOVERY[name];
    t.deepEqual(table ? [table.own, ...(table.extra ?? [])] : [], listed, name);
  }
});

test("the config service runs as its own ServiceAccount, allowed only to read the namespace's Services, and holds each listed domain's key", (t) => {
  const objects = objectsOf({ domains: { upload: { enabled: false } } });
  const role = find(objects, "Role", "m3-config");
  t.deepEqual(role.rules, [{ apiGroups: [""], resources: ["services"], verbs: ["get", "list", "watch"] }]);
  t.like(find(objects, "RoleBinding", "m3-config"), {
    roleRef: { kind: "Role", name: "m3-config" },
    subjects: [{ kind: "ServiceAccount", name: "m3-config", namespace: "media" }],
  });
  t.is(find(objects, "ServiceAccount", "m3-config").automountServiceAccountToken, false);
  const config = find(objects, "Deployment", "m3-config");
  t.is(config.spec.template.spec.serviceAccountName, "m3-config");
  t.true(config.spec.template.spec.automountServiceAccountToken);
  const keys = envOf(config).filter((item) => /^M3_[A-Z]+_API_KEY$/.test(item.name));
  t.deepEqual(
    keys.map((item) => [item.name, item.valueFrom.secretKeyRef.name, item.valueFrom.secretKeyRef.key]),
    [
      ["M3_KB_API_KEY", "m3-secrets", "apiKey"],
      ["M3_ANNOTATION_API_KEY", "m3-secrets", "apiKey"],
      ["M3_REGISTRY_API_KEY", "m3-secrets", "apiKey"],
      ["M3_CAPTURE_API_KEY", "m3-secrets", "apiKey"],
    ],
    "no key for the disabled upload domain",
  );
  t.false(objectsOf({ domains: { config: { enabled: false } } }).some((object) => object.kind === "Role"));
});

test("the gRPC domains' Services are headless with a metrics port, and every address is their dns:/// name", (t) => {
  const objects = objectsOf();
  const registry = find(objects, "Service", "m3-registry");
  t.is(registry.spec.clusterIP, "None");
  t.deepEqual(
    registry.spec.ports.map((port: Json) => [port.name, port.port]),
    [
      ["grpc", 50053],
      ["metrics", 9464],
    ],
  );
  const gateway = find(objects, "Service", "m3-gateway");
  t.is(gateway.spec.clusterIP, undefined, "the gateway keeps its cluster IP");
  t.is(find(objects, "ConfigMap", "m3-settings").data.M3_REGISTRY_GRPC_ADDRESS, "dns:///m3-registry:50053");
});

test("the kb's first administrator: M3_ADMIN_USER in the settings and the password from its Secret, only when a password is given", (t) => {
  const withAdmin = objectsOf({ admin: { passwordSecret: { name: "m3-admin", key: "password" } } });
  t.is(find(withAdmin, "ConfigMap", "m3-settings").data.M3_ADMIN_USER, "admin");
  t.deepEqual(envNamed(find(withAdmin, "Deployment", "m3-kb"), "M3_ADMIN_PASSWORD").valueFrom, {
    secretKeyRef: { name: "m3-admin", key: "password" },
  });
  t.is(envNamed(find(withAdmin, "Deployment", "m3-registry"), "M3_ADMIN_PASSWORD"), undefined);
  const without = objectsOf();
  t.is(find(without, "ConfigMap", "m3-settings").data.M3_ADMIN_USER, undefined);
  t.is(envNamed(find(without, "Deployment", "m3-kb"), "M3_ADMIN_PASSWORD"), undefined);
});

test("a domain with its own database gets M3_<DOMAIN>_DATABASE_URL from its Secret, and the migration Job and backup get every domain's", (t) => {
  const objects = objectsOf({
    database: {
      urlSecret: { name: "m3-database", key: "url" },
      domains: { registry: { urlSecret: { name: "vam-database", key: "url" } } },
      annotationRegistrySchema: "m3_registry",
    },
    backup: { schedule: "0 3 * * *", target: "s3://m3-backups/" },
  });
  const urls = (object: Json, containers = object.spec.template.spec.containers) =>
    (containers[0].env as Json[])
      .filter((item) => item.name.endsWith("DATABASE_URL"))
      .map((item) => `${item.name}=${item.valueFrom.secretKeyRef.name}`);
  t.deepEqual(urls(find(objects, "Deployment", "m3-registry")), [
    "M3_DATABASE_URL=m3-database",
    "M3_REGISTRY_DATABASE_URL=vam-database",
  ]);
  t.deepEqual(urls(find(objects, "Deployment", "m3-kb")), ["M3_DATABASE_URL=m3-database"]);
  const both = ["M3_DATABASE_URL=m3-database", "M3_REGISTRY_DATABASE_URL=vam-database"];
  t.deepEqual(urls(find(objects, "Job", "m3-migrate-1-4-0")), both);
  t.deepEqual(
    urls(null, find(objects, "CronJob", "m3-backup").spec.jobTemplate.spec.template.spec.containers),
    both,
  );
  t.is(find(objects, "ConfigMap", "m3-settings").data.M3_ANNOTATION_REGISTRY_SCHEMA, "m3_registry");
});

test("spec.nats.url reaches the processes as M3_EVENTS_NATS_URL with its subject; without it NATS stays off", (t) => {
  const on = find(objectsOf({ nats: { url: "nats://nats:4222" } }), "ConfigMap", "m3-settings").data;
  t.like(on, { M3_EVENTS_NATS_URL: "nats://nats:4222", M3_EVENTS_NATS_SUBJECT: "vars" });
  const off = find(objectsOf(), "ConfigMap", "m3-settings").data;
  t.is(off.M3_EVENTS_NATS_URL, undefined);
});

test("capture's crop hosts and the upload's public URL reach the settings", (t) => {
  const data = find(
    objectsOf({
      cropAllowedHosts: ["images.example.org", "*.mbari.org"],
      objectStore: {
        endpoint: "http://minio:9000",
        bucket: "images",
        publicUrl: "https://images.example.org",
        accessKeySecret: { name: "minio", key: "accessKey" },
        secretKeySecret: { name: "minio", key: "secretKey" },
      },
    }),
    "ConfigMap",
    "m3-settings",
  ).data;
  t.like(data, {
    CAPTURE_CROP_ALLOWED_HOSTS: "images.example.org,*.mbari.org",
    M3_UPLOAD_PUBLIC_URL: "https://images.example.org",
  });
});

test("an Ingress routes the host's path to the gateway's http port when spec.ingress is on", (t) => {
  t.false(objectsOf().some((object) => object.kind === "Ingress"));
  const ingress = find(
    objectsOf({
      ingress: {
        enabled: true,
        host: "m3.example.org",
        className: "nginx",
        annotations: { "nginx.ingress.kubernetes.io/proxy-body-size": "64m" },
        tls: [{ secretName: "m3-tls", hosts: ["m3.example.org"] }],
      },
    }),
    "Ingress",
    "m3-gateway",
  );
  t.is(ingress.spec.ingressClassName, "nginx");
  t.deepEqual(ingress.metadata.annotations, { "nginx.ingress.kubernetes.io/proxy-body-size": "64m" });
  t.deepEqual(ingress.spec.tls, [{ secretName: "m3-tls", hosts: ["m3.example.org"] }]);
  t.deepEqual(ingress.spec.rules, [
    {
      host: "m3.example.org",
      http: {
        paths: [
          {
            path: "/",
            pathType: "Prefix",
            backend: { service: { name: "m3-gateway", port: { name: "http" } } },
          },
        ],
      },
    },
  ]);
});

test("a ServiceMonitor scrapes the platform's http and metrics ports only when spec.monitoring.serviceMonitor is on", (t) => {
  t.false(objectsOf().some((object) => object.kind === "ServiceMonitor"));
  const monitor = find(
    objectsOf({
      monitoring: { serviceMonitor: { enabled: true, labels: { release: "kube-prometheus-stack" } } },
    }),
    "ServiceMonitor",
    "m3",
  );
  t.is(monitor.metadata.labels.release, "kube-prometheus-stack");
  t.deepEqual(monitor.spec.selector.matchLabels, {
    "app.kubernetes.io/name": "m3",
    "app.kubernetes.io/instance": "m3",
    "app.kubernetes.io/part-of": "m3",
  });
  t.deepEqual(
    monitor.spec.endpoints.map((endpoint: Json) => [endpoint.port, endpoint.path, endpoint.interval]),
    [
      ["http", "/metrics", "30s"],
      ["metrics", "/metrics", "30s"],
    ],
  );
});

test("spec.zeroMq opens the PUB port on the annotation pods, their Service and the domains' ingress; off, no port is opened", (t) => {
  const off = objectsOf();
  const ports = (list: Json[]) =>
    list.map((port: Json) => port.name).filter((name: string) => name === "zeromq");
  t.deepEqual(ports(find(off, "Service", "m3-annotation").spec.ports), []);
  t.is(envNamed(find(off, "Deployment", "m3-annotation"), "M3_EVENTS_ZEROMQ_PORT"), undefined);
  const peers = [{ namespaceSelector: { matchLabels: { team: "video" } } }];
  const on = objectsOf({ zeroMq: { enabled: true, from: peers } });
  const annotation = find(on, "Deployment", "m3-annotation");
  t.is(envNamed(annotation, "M3_EVENTS_ZEROMQ_PORT").value, "5563");
  t.is(envNamed(annotation, "M3_EVENTS_ZEROMQ_TOPIC").value, "vars");
  t.deepEqual(
    annotation.spec.template.spec.containers[0].ports.find((port: Json) => port.name === "zeromq"),
    { name: "zeromq", containerPort: 5563, protocol: "TCP" },
  );
  t.deepEqual(ports(find(on, "Service", "m3-annotation").spec.ports), ["zeromq"]);
  t.deepEqual(ports(find(on, "Service", "m3-kb").spec.ports), []);
  t.is(envNamed(find(on, "Deployment", "m3-kb"), "M3_EVENTS_ZEROMQ_PORT"), undefined);
  t.deepEqual(find(on, "NetworkPolicy", "m3-domains").spec.ingress.at(-1), {
    from: peers,
    ports: [{ port: 5563, protocol: "TCP" }],
  });
});
