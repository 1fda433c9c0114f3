import type { Logger } from "pino";
import { ChangeEventServiceService } from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { InFlightCalls } from "../../kit/grpc/in-flight-calls.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { AnnotationGraph } from "../annotations/services/annotation-graphs.js";
import type { OwnedAssociation } from "../observations/repositories/association.repository.js";
import { toAnnotation, toAssociation } from "../shared/resources.mapper.js";
import { CHANGE_EVENT_ACCESS } from "./change-event.access.js";
import { changeEventHandlers } from "./change-event.handlers.js";
import { ChangeHub } from "./change-hub.js";
import { storageRecordingChanges } from "./change-recorder.js";
import { legacyAnnotationJson, legacyAssociationJson } from "./legacy-payloads.js";
import { type NatsSettings, startNatsPublisher } from "./nats-publisher.js";
import { type ChangeBodies, startZeroMqPublisher, type ZeroMqSettings } from "./zeromq-publisher.js";

/** The .proto file of the change stream, relative to proto/. */
export const EVENTS_PROTO_FILES = ["m3/annotation/v1/change_event_service.proto"] as const;

export interface ChangeEventSettings {
  /** Changes one watcher may have waiting before it is cut off. */
  queueLimit: number;
  nats: NatsSettings | undefined;
  zeroMq: ZeroMqSettings | undefined;
}

/** Reads of the records whose bodies ZeroMQ carries (the annotations part's own reads). */
export interface ChangeRecordReader {
  annotation(observationUuid: string): Promise<AnnotationGraph>;
  association(associationUuid: string): Promise<OwnedAssociation>;
}

export interface ChangeEvents {
  /** The storage the write parts use: what their transactions record is published after the commit. */
  storage: DomainStorage;
  binding: ServiceBinding;
  /** Starts the configured transports (NATS, ZeroMQ); `reader` reads the bodies ZeroMQ sends. */
  startTransports(reader: ChangeRecordReader): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeEventsOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger: Logger;
  settings: ChangeEventSettings;
}

/**
 * The annotation domain's change events: every create, update and delete of an observation,
 * association, image reference or ancillary datum, published once its transaction commits, to
 * the gRPC watchers (the gateways' server-sent events) and to NATS and ZeroMQ when configured.
 */
export function createChangeEvents(options: ChangeEventsOptions): ChangeEvents {
  const hub = new ChangeHub(options.settings.queueLimit);
  const storage = storageRecordingChanges(options.storage, (changes) => hub.publishCommitted(changes));
  const closers: (() => Promise<void>)[] = [];
  return {
    storage,
    binding: endingWatchesOnDrain(
      bindService(ChangeEventServiceService, changeEventHandlers(hub), {
        tokens: options.tokens,
        logger: options.logger,
        declaration: CHANGE_EVENT_ACCESS,
      }),
      hub,
    ),
    async startTransports(reader) {
      const { nats, zeroMq } = options.settings;
      if (nats) closers.push(startNatsPublisher(nats, hub, options.logger).close);
      if (zeroMq) {
        const publisher = await startZeroMqPublisher(zeroMq, hub, bodiesOf(reader), options.logger);
        closers.push(publisher.close);
      }
    },
    async close() {
      hub.endWatches();
      await Promise.all(closers.map((close) => close()));
    },
  };
}

function bodiesOf(reader: ChangeRecordReader): ChangeBodies {
  const orNone = <T>(read: Promise<T>) => read.catch(() => undefined);
  return {
    annotation: async (uuid) => {
      const read = await orNone(reader.annotation(uuid));
      return read && legacyAnnotationJson(toAnnotation(read.moment, read.observation, true));
    },
    association: async (uuid) => {
      const read = await orNone(reader.association(uuid));
      return read && legacyAssociationJson(toAssociation(read.association, read));
    },
  };
}

/**
 * Watches never end by themselves, so a server waiting for its calls to finish would wait out its
 * whole grace period: when it starts draining, the watches end (the gateways watch again, on
 * another replica or once this one is back).
 */
function endingWatchesOnDrain(binding: ServiceBinding, hub: ChangeHub): ServiceBinding {
  const inFlight = binding.inFlight;
  if (!inFlight) return binding;
  const ending: InFlightCalls = Object.assign(Object.create(inFlight) as InFlightCalls, {
    whenIdle: () => {
      hub.endWatches();
      return inFlight.whenIdle();
    },
  });
  return { ...binding, inFlight: ending };
}
