/**
 * The annotation domain's ZeroMQ PUB socket (annosaurus's MESSAGING_ZEROMQ_ENABLE), when
 * spec.zeroMq.enabled: its variables and container port on the annotation pods, its port on their
 * Service, and who may subscribe (spec.zeroMq.from; unset, anyone). Subscribers connect to each
 * annotation pod: with more than one replica, NATS is the feed that carries every replica's
 * changes.
 */
import type { DomainName } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";

const ZEROMQ = "zeromq";

function feedOf(platform: M3Platform, domain: DomainName) {
  const zeroMq = platform.spec.zeroMq;
  return domain === "annotation" && zeroMq?.enabled ? { port: zeroMq.port ?? 5563, zeroMq } : undefined;
}

export function zeroMqEnv(platform: M3Platform, domain: DomainName) {
  const feed = feedOf(platform, domain);
  if (!feed) return [];
  return [
    { name: "M3_EVENTS_ZEROMQ_PORT", value: String(feed.port) },
    { name: "M3_EVENTS_ZEROMQ_TOPIC", value: feed.zeroMq.topic ?? "vars" },
  ];
}

export function zeroMqContainerPorts(platform: M3Platform, domain: DomainName) {
  const feed = feedOf(platform, domain);
  return feed ? [{ name: ZEROMQ, containerPort: feed.port, protocol: "TCP" }] : [];
}

export function zeroMqServicePorts(platform: M3Platform, domain: DomainName) {
  const feed = feedOf(platform, domain);
  return feed ? [{ name: ZEROMQ, port: feed.port, targetPort: ZEROMQ, protocol: "TCP" }] : [];
}

/** The ingress rule of the annotation pods' PUB port; none when the feed is off. */
export function zeroMqIngress(platform: M3Platform) {
  const feed = feedOf(platform, "annotation");
  if (!feed) return [];
  const ports = [{ port: feed.port, protocol: "TCP" }];
  return [feed.zeroMq.from?.length ? { from: feed.zeroMq.from, ports } : { ports }];
}
