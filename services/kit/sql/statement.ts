/** SQL text (a statement or a part of one) and the values of its `?` markers, in order. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}
