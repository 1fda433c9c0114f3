/** A validated slice of an ordered list. */
export interface Page {
  limit: number;
  offset: number;
}
