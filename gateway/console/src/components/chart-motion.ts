/**
 * Whether charts play their entry animation: not for a reader who asked the system for less
 * motion (the browser's `prefers-reduced-motion: reduce`), whose charts are drawn at once.
 */
export function chartsAnimate(): boolean {
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
