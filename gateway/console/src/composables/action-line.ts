/**
 * A line of actions: each wrapped action, when called, runs once every action called before it
 * is done (settled, failed or not), so their requests reach the service in the order they were
 * made. A screen's changes go through one line: on the Watch screen a change to an annotation
 * just created waits for its UUID; on both it and the review grid an undo right after a change
 * takes back that change.
 */
export function actionLine() {
  let lastInLine: Promise<unknown> = Promise.resolve();
  return function inTurn<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
    return (...args: A): Promise<R> => {
      const running = lastInLine.then(() => action(...args));
      lastInLine = running.catch(() => undefined);
      return running;
    };
  };
}
