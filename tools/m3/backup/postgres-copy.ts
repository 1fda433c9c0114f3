import type pg from "pg";

/**
 * The copy messages of pg's connection (the protocol's CopyData, CopyDone and CopyFail), which
 * its type declarations leave out; pg-copy-streams drives COPY through the same three.
 */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * One `COPY … FROM STDIN` statement whose data is known when it is sent, run as a query of pg's
 * client (a Submittable: the client hands it the connection when its turn comes, and the
 * server's answers after; on an error the client hands over the error and forgets the query).
 * `done` resolves with the rows the server stored, or rejects with the error.
 */
export class CopyFromStdin implements pg.Submittable {
  readonly done: Promise<number>;
  private resolve: (rows: number) => void = () => undefined;
  private reject: (error: unknown) => void = () => undefined;
  private rows = 0;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    (connection as unknown as CopyConnection).query(this.text);
  }

  /** The server is ready for the data: all of it, then the end. */
  handleCopyInResponse(connection: pg.Connection): void {
    const copy = connection as unknown as CopyConnection;
    if (this.data.length > 0) copy.sendCopyFromChunk(this.data);
    copy.endCopyFrom();
  }

  handleCommandComplete(message: { text: string }): void {
    this.rows = Number(/\d+$/.exec(message.text)?.[0] ?? 0);
  }

  /** The server refused the statement or its data, or the connection failed: the client is done with it. */
  handleError(error: unknown): void {
    this.reject(error);
  }

  handleReadyForQuery(): void {
    this.resolve(this.rows);
  }

  handleEmptyQuery(): void {}
}
