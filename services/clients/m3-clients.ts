/**
 * Typed gRPC clients of m3's domains for internal callers: the ts-proto clients of proto/gen,
 * each on a channel with m3's retry policy and keep-alive (channel-options.ts), a default
 * deadline, and the bearer token of its domain traded for the API key and renewed as needed.
 *
 *   const m3 = createM3Clients({ apiKey, addresses: { registry: "registry:50053", annotation: "annotation:50052" } });
 *   const media = await unary(m3.media.listMediaByVideoSequenceName, m3.media)({ videoSequenceName: "Dive 1" });
 *   m3.close();
 */
import { type ChannelCredentials, type Client, credentials, type Interceptor } from "@grpc/grpc-js";
import { AncillaryDataServiceClient } from "../../proto/gen/m3/annotation/v1/ancillary_data_service.js";
import { AnnotationServiceClient } from "../../proto/gen/m3/annotation/v1/annotation_service.js";
import { AssociationServiceClient } from "../../proto/gen/m3/annotation/v1/association_service.js";
import { DatasetServiceClient } from "../../proto/gen/m3/annotation/v1/dataset_service.js";
import { FastQueryServiceClient } from "../../proto/gen/m3/annotation/v1/fast_query_service.js";
import { HistogramServiceClient } from "../../proto/gen/m3/annotation/v1/histogram_service.js";
import { ImageServiceClient as AnnotationImageServiceClient } from "../../proto/gen/m3/annotation/v1/image_service.js";
import { ImagedMomentServiceClient } from "../../proto/gen/m3/annotation/v1/imaged_moment_service.js";
import { IndexServiceClient } from "../../proto/gen/m3/annotation/v1/index_service.js";
import { ObservationServiceClient } from "../../proto/gen/m3/annotation/v1/observation_service.js";
import { TabularQueryServiceClient } from "../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import { VideoReferenceInfoServiceClient } from "../../proto/gen/m3/annotation/v1/video_reference_info_service.js";
import { CaptureServiceClient } from "../../proto/gen/m3/capture/v1/capture_service.js";
import { ConfigAuthServiceClient } from "../../proto/gen/m3/config/v1/config_auth_service.js";
import { EndpointServiceClient } from "../../proto/gen/m3/config/v1/endpoint_service.js";
import { ServiceHealthServiceClient } from "../../proto/gen/m3/config/v1/service_health_service.js";
import { ConceptNameServiceClient } from "../../proto/gen/m3/kb/v1/concept_name_service.js";
import { ConceptServiceClient } from "../../proto/gen/m3/kb/v1/concept_service.js";
import { DeepSeaGuideServiceClient } from "../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import { HistoryServiceClient } from "../../proto/gen/m3/kb/v1/history_service.js";
import { LinkRealizationServiceClient } from "../../proto/gen/m3/kb/v1/link_realization_service.js";
import { LinkServiceClient } from "../../proto/gen/m3/kb/v1/link_service.js";
import { LinkTemplateServiceClient } from "../../proto/gen/m3/kb/v1/link_template_service.js";
import { MediaServiceClient as KbMediaServiceClient } from "../../proto/gen/m3/kb/v1/media_service.js";
import { PhylogenyServiceClient } from "../../proto/gen/m3/kb/v1/phylogeny_service.js";
import { PreferenceServiceClient } from "../../proto/gen/m3/kb/v1/preference_service.js";
import { RawServiceClient } from "../../proto/gen/m3/kb/v1/raw_service.js";
import { ReferenceServiceClient } from "../../proto/gen/m3/kb/v1/reference_service.js";
import { UserAuthServiceClient } from "../../proto/gen/m3/kb/v1/user_auth_service.js";
import { UserServiceClient } from "../../proto/gen/m3/kb/v1/user_service.js";
import { MediaServiceClient } from "../../proto/gen/m3/registry/v1/media_service.js";
import { VideoReferenceServiceClient } from "../../proto/gen/m3/registry/v1/video_reference_service.js";
import { VideoSequenceServiceClient } from "../../proto/gen/m3/registry/v1/video_sequence_service.js";
import { VideoServiceClient } from "../../proto/gen/m3/registry/v1/video_service.js";
import { ImageServiceClient as UploadImageServiceClient } from "../../proto/gen/m3/upload/v1/image_service.js";
import { ApiKeyTokens } from "./api-key-tokens.js";
import { bearerInterceptor } from "./bearer-interceptor.js";
import { M3_CHANNEL_OPTIONS } from "./channel-options.js";

type Constructor<T> = new (
  address: string,
  credentials: ChannelCredentials,
  options?: Record<string, unknown>,
) => T;

export interface M3ClientOptions {
  /** host:port of each domain's gRPC server to connect to (the others are left out). */
  addresses: Partial<Record<"kb" | "annotation" | "registry" | "config" | "capture" | "upload", string>>;
  /** Traded for each domain's tokens; without it, calls carry no token (reads only). */
  apiKey?: string;
  /** Deadline of a call that sets none; default 30 s. */
  defaultDeadlineMillis?: number;
}

const DEFAULT_DEADLINE_MILLIS = 30_000;

/** The clients of every domain named in `addresses`, and close() for all their channels. */
export function createM3Clients(options: M3ClientOptions) {
  const opened: Client[] = [];
  const deadline = options.defaultDeadlineMillis ?? DEFAULT_DEADLINE_MILLIS;
  const domain = (address: string | undefined) => {
    if (address === undefined) return undefined;
    const tokens = options.apiKey === undefined ? undefined : new ApiKeyTokens(address, options.apiKey);
    const interceptors: Interceptor[] = [bearerInterceptor(tokens, deadline)];
    return <T extends Client>(ServiceClient: Constructor<T>): T => {
      const client = new ServiceClient(address, credentials.createInsecure(), {
        ...M3_CHANNEL_OPTIONS,
        interceptors,
      });
      opened.push(client);
      return client;
    };
  };
  const { addresses } = options;
  const forKb = domain(addresses.kb);
  const forAnnotation = domain(addresses.annotation);
  const forRegistry = domain(addresses.registry);
  const forConfig = domain(addresses.config);
  const forCapture = domain(addresses.capture);
  const forUpload = domain(addresses.upload);
  return {
    kb: forKb && {
      concepts: forKb(ConceptServiceClient),
      names: forKb(ConceptNameServiceClient),
      phylogeny: forKb(PhylogenyServiceClient),
      raw: forKb(RawServiceClient),
      media: forKb(KbMediaServiceClient),
      references: forKb(ReferenceServiceClient),
      links: forKb(LinkServiceClient),
      linkTemplates: forKb(LinkTemplateServiceClient),
      linkRealizations: forKb(LinkRealizationServiceClient),
      history: forKb(HistoryServiceClient),
      users: forKb(UserServiceClient),
      userAuth: forKb(UserAuthServiceClient),
      preferences: forKb(PreferenceServiceClient),
      deepSeaGuide: forKb(DeepSeaGuideServiceClient),
    },
    annotation: forAnnotation && {
      annotations: forAnnotation(AnnotationServiceClient),
      observations: forAnnotation(ObservationServiceClient),
      associations: forAnnotation(AssociationServiceClient),
      imagedMoments: forAnnotation(ImagedMomentServiceClient),
      images: forAnnotation(AnnotationImageServiceClient),
      ancillaryData: forAnnotation(AncillaryDataServiceClient),
      fast: forAnnotation(FastQueryServiceClient),
      histograms: forAnnotation(HistogramServiceClient),
      tabular: forAnnotation(TabularQueryServiceClient),
      index: forAnnotation(IndexServiceClient),
      videoReferenceInfo: forAnnotation(VideoReferenceInfoServiceClient),
      datasets: forAnnotation(DatasetServiceClient),
    },
    registry: forRegistry && {
      media: forRegistry(MediaServiceClient),
      videoSequences: forRegistry(VideoSequenceServiceClient),
      videos: forRegistry(VideoServiceClient),
      videoReferences: forRegistry(VideoReferenceServiceClient),
    },
    config: forConfig && {
      auth: forConfig(ConfigAuthServiceClient),
      endpoints: forConfig(EndpointServiceClient),
      health: forConfig(ServiceHealthServiceClient),
    },
    capture: forCapture && { capture: forCapture(CaptureServiceClient) },
    upload: forUpload && { images: forUpload(UploadImageServiceClient) },
    close: () => {
      for (const client of opened) client.close();
    },
  };
}

export type M3Clients = ReturnType<typeof createM3Clients>;
