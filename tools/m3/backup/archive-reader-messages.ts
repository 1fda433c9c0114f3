import type { ArchiveEvent } from "./archive-parser.js";

/** What the restore's main thread sends the archive reader's thread. */
export type ToArchiveReader =
  /** The archive's next bytes (gzip), as read from its file or object. */
  | { kind: "bytes"; bytes: Uint8Array }
  /** The archive has no more bytes. */
  | { kind: "end" }
  /** The main thread took one more event: the reader may post one more. */
  | { kind: "taken" };

/** What the archive reader's thread sends back. */
export type FromArchiveReader =
  /** It wants the archive's next bytes. */
  | { kind: "more" }
  | { kind: "event"; event: ArchiveEvent }
  /** Reading stopped: the archive is damaged, truncated or not an archive. */
  | { kind: "failed"; message: string };

/** Events the reader posts ahead of the main thread: enough to keep both busy, few enough to keep memory flat. */
export const EVENTS_AHEAD = 4;
