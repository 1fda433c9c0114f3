/** A slice of an ordered list; absent limit or offset means no limit or none skipped (the legacy default). */
export interface Page {
  limit?: number;
  offset?: number;
}
