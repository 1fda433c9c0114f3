import { requireValue } from "../../../kit/input/field-rules.js";
import type { Page } from "../../../kit/sql/page.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  type GraphSelection,
  imageMomentSelection,
  observationMomentSelection,
  videoSelection,
} from "../../shared/graph-selection.sql.js";
import { MomentQueryRepository } from "../repositories/moment-query.repository.js";
import { notFound, requireInstant, requireUuid } from "./moment-input.rules.js";
import type { MomentReader, MomentView } from "./moment-reader.js";

/** The searches and counts over imaged moments; every list comes in the extended form. */
export class ImagedMomentQueryService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly reader: MomentReader,
  ) {}

  list(page: Page): Promise<MomentView[]> {
    return this.search((q) => q.pageAll(page));
  }

  async get(uuid: string): Promise<MomentView> {
    const id = requireUuid(uuid, "uuid");
    const view = await this.storage.read((manager) => this.reader.readOne(manager, id));
    if (!view) throw notFound();
    return view;
  }

  countAll(): Promise<number> {
    return this.count((q) => q.countAll());
  }

  listWithImages(page: Page): Promise<MomentView[]> {
    return this.search((q) => q.pageWithImages(page));
  }

  countWithImages(videoReferenceUuid?: string): Promise<number> {
    const video =
      videoReferenceUuid === undefined ? undefined : requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.count((q) => q.countWithImages(video));
  }

  listByLinkName(linkName: string, page: Page): Promise<MomentView[]> {
    return this.search((q) => q.pageByLinkName(linkName, page));
  }

  countByLinkName(linkName: string): Promise<number> {
    return this.count((q) => q.countByLinkName(linkName));
  }

  listByConcept(concept: string, withImages: boolean, page: Page): Promise<MomentView[]> {
    return this.search((q) => q.pageByConcept(concept, withImages, page));
  }

  countByConcept(concept: string, withImages: boolean): Promise<number> {
    return this.count((q) =>
      withImages ? q.countByConceptWithImages(concept) : q.countObservationsOfConcept(concept),
    );
  }

  listModified(start: Instant | undefined, end: Instant | undefined, page: Page): Promise<MomentView[]> {
    const [from, to] = [requireInstant(start, "start_timestamp"), requireInstant(end, "end_timestamp")];
    return this.search((q) => q.pageModified(from, to, page));
  }

  countModified(start: Instant | undefined, end: Instant | undefined): Promise<number> {
    const [from, to] = [requireInstant(start, "start_timestamp"), requireInstant(end, "end_timestamp")];
    return this.count((q) => q.countModified(from, to));
  }

  countsPerVideo(): Promise<{ videoReferenceUuid: string; count: number }[]> {
    return this.storage.read((manager) => new MomentQueryRepository(manager).countsPerVideo());
  }

  videoReferenceUuids(): Promise<string[]> {
    return this.storage.read((manager) => new MomentQueryRepository(manager).videoReferenceUuids());
  }

  listByVideo(videoReferenceUuid: string): Promise<MomentView[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.read((manager) => this.reader.readWhere(manager, videoSelection(video)));
  }

  countModifiedBefore(videoReferenceUuid: string, before: Instant | undefined): Promise<number> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const instant = requireInstant(before, "timestamp");
    return this.count((q) => q.countModifiedBefore(video, instant));
  }

  getByImageReference(imageReferenceUuid: string): Promise<MomentView> {
    const id = requireUuid(imageReferenceUuid, "image_reference_uuid");
    return this.getWhere(imageMomentSelection(id));
  }

  getByObservation(observationUuid: string): Promise<MomentView> {
    const id = requireUuid(observationUuid, "observation_uuid");
    return this.getWhere(observationMomentSelection(id));
  }

  /**
   * Moments of the videos recorded within ±window of the given moment; none when that moment
   * is unknown or has no recorded timestamp.
   */
  listInWindow(
    videoReferenceUuids: readonly string[],
    imagedMomentUuid: string,
    windowMillis: number | undefined,
    page: Page,
  ): Promise<MomentView[]> {
    const videos = requireValue(videoReferenceUuids, "video_reference_uuids").map((uuid, i) =>
      requireUuid(uuid, `video_reference_uuids[${i}]`),
    );
    const centre = requireUuid(imagedMomentUuid, "imaged_moment_uuid");
    const half = Math.abs(requireValue(windowMillis, "window_millis"));
    return this.storage.read(async (manager) => {
      const [view] = await this.reader.read(manager, [centre]);
      const recorded = view?.graph.moment.recordedTimestamp;
      if (!recorded) return [];
      const uuids = await new MomentQueryRepository(manager).inWindow(
        videos,
        recorded.plusMillis(-half),
        recorded.plusMillis(half),
        page,
      );
      return this.reader.read(manager, uuids);
    });
  }

  private search(find: (queries: MomentQueryRepository) => Promise<string[]>): Promise<MomentView[]> {
    return this.storage.read(async (manager) =>
      this.reader.read(manager, await find(new MomentQueryRepository(manager))),
    );
  }

  private count(count: (queries: MomentQueryRepository) => Promise<number>): Promise<number> {
    return this.storage.read((manager) => count(new MomentQueryRepository(manager)));
  }

  private async getWhere(selection: GraphSelection): Promise<MomentView> {
    const [view] = await this.storage.read((manager) => this.reader.readWhere(manager, selection));
    if (!view) throw notFound();
    return view;
  }
}
