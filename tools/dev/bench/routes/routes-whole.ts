/**
 * The GET routes whose answer covers the whole data set of bench:routes, or a large share of
 * it (a whole video's annotations or more): they are not judged against the 20 ms p50 of the
 * other routes (issue 17) but listed apart with the rows they return or count per second.
 * Listed by route with the reason, never picked by their timing.
 */
export interface WholeDataSetRoute {
  reason: string;
  /** The rows of one answer; by default rowsOf. */
  rows?: (body: unknown) => number;
  /** The rows of an answer that is text, not JSON (rows is not used then). */
  textRows?: (text: string) => number;
}

/** The series of a Prometheus exposition: its lines that are not comments. */
function exposedSeries(text: string): number {
  return text.split("\n").filter((line) => line !== "" && !line.startsWith("#")).length;
}

/** Media of video sequences: the video references of their videos. */
function mediaOfSequences(body: unknown): number {
  const sequences = Array.isArray(body) ? (body as { videos?: { video_references?: unknown[] }[] }[]) : [];
  return sequences
    .flatMap((sequence) => sequence.videos ?? [])
    .reduce((sum, video) => sum + (video.video_references?.length ?? 0), 0);
}

export const WHOLE_DATA_SET_ROUTES: Readonly<Record<string, WholeDataSetRoute>> = {
  "GET /anno/v1/fast/details/{}/{}": {
    reason: "every annotation of the moments holding the link, unpaged: about 3,300 (1.7 videos)",
  },
  "GET /anno/v1/imagedmoments/videoreference/{}": {
    reason: "every moment of a video with its observations, unpaged",
  },
  "GET /anno/v1/ancillarydata/videoreference/{}": { reason: "every ancillary datum of a video, unpaged" },
  "GET /anno/v1/observations/counts": { reason: "every observation counted, per video" },
  "GET /anno/v1/imagedmoments/counts": { reason: "every moment counted, per video" },
  "GET /anno/v1/imagedmoments/count/images": { reason: "every moment checked for an image" },
  "GET /anno/v1/imagedmoments/find/linkname/{}": {
    reason:
      "a page of 100 of the link name's ~3,300 moments by UUID: the set is read whole to sort it, and a walk of the moments in UUID order would probe 3,000 for a page (one in 30 has the name)",
  },
  "GET /anno/v1/imagedmoments/count/linkname/{}": {
    reason: "the link name is on a third of the associations: about 3,300 moments counted (1.7 videos)",
  },
  "GET /anno/v1/imagedmoments/count/all": { reason: "every moment counted" },
  "GET /anno/v1/fast/count": { reason: "every annotation counted" },
  "GET /anno/v1/observations/concepts": { reason: "the distinct concepts of every observation" },
  "GET /anno/v1/imagedmoments/videoreference": { reason: "the distinct videos of every moment" },
  "GET /vam/v1/videosequences": {
    reason: "every sequence with its videos and media (all 1,000)",
    rows: mediaOfSequences,
  },
  "GET /vam/v1/videoreferences/uris": { reason: "the URI of every video reference" },
  "GET /vam/v1/videosequences/camera/{}": {
    reason: "the sequences of one of the two cameras with their videos and media (500)",
    rows: mediaOfSequences,
  },
  "GET /kb/v1/linkrealizations/toconcept/{}": {
    reason: "`self` is the to-concept of all but 2 of the kb's 5,410 link realizations",
  },
  "GET /kb/v1/linktemplates/toconcept/{}": {
    reason: "`self` is the to-concept of 677 of the kb's 791 link templates",
  },
  "GET /kb/v1/linktemplates/query/for/{}": {
    reason:
      "the templates of Nanomia and its ancestors: 613 of the 791 (the kb's 790 and the one seeded on Nanomia), as for every concept under `marine organism` (its ancestors own 610)",
  },
  "GET /kb/v1/links": { reason: "every link template of the kb" },
  "GET /kb/v1/concept": { reason: "every concept name of the kb" },
  "GET /kb/v1/metrics": {
    reason:
      "the process's Prometheus metrics: a series per bucket of every route and gRPC method this run has called (all of them), for a scraper once per interval",
    textRows: exposedSeries,
  },
};

/**
 * The rows of an answer: a count's value; for a list, the sum of its items' counts when they
 * are counts (per video), else its length.
 */
export function rowsOf(body: unknown): number {
  if (Array.isArray(body)) {
    const counts = body.map((item) => (item as { count?: unknown })?.count);
    return counts.every((count) => typeof count === "number")
      ? (counts as number[]).reduce((sum, count) => sum + count, 0)
      : body.length;
  }
  const count = (body as { count?: unknown } | null)?.count;
  return typeof count === "number" ? count : 1;
}
