import type { EntityManager } from "typeorm";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { MediaRepository } from "../media/repositories/media.repository.js";
import { VideoRepository } from "../videos/repositories/video.repository.js";
import { VideoReferenceRepository } from "../videos/repositories/video-reference.repository.js";
import { VideoSequenceRepository } from "../videos/repositories/video-sequence.repository.js";
import { VideoTreeRepository } from "../videos/repositories/video-tree.repository.js";

/** The registry's repositories, all bound to one unit of work. */
export interface RegistryRepositories {
  sequences: VideoSequenceRepository;
  videos: VideoRepository;
  references: VideoReferenceRepository;
  media: MediaRepository;
  trees: VideoTreeRepository;
}

/** Hands the services their repositories inside a read or a transaction of the domain storage. */
export class RegistryStore {
  constructor(private readonly storage: DomainStorage) {}

  read<T>(work: (repositories: RegistryRepositories) => Promise<T>): Promise<T> {
    return this.storage.read((manager) => work(repositoriesOf(manager)));
  }

  /** All or nothing; may run `work` again after a unique-key race, so work must re-read. */
  write<T>(work: (repositories: RegistryRepositories) => Promise<T>): Promise<T> {
    return this.storage.transaction((manager) => work(repositoriesOf(manager)));
  }
}

function repositoriesOf(manager: EntityManager): RegistryRepositories {
  const videos = new VideoRepository(manager);
  const references = new VideoReferenceRepository(manager);
  return {
    sequences: new VideoSequenceRepository(manager),
    videos,
    references,
    media: new MediaRepository(manager),
    trees: new VideoTreeRepository(manager, videos, references),
  };
}
