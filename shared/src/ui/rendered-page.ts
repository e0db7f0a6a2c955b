/**
 * The element a page the shell's server rendered carries its state in (docs/decisions/037): the shell writes it and
 * hydrates from it; a screen reads its presence to draw, at its first render, what the server drew.
 */
export const PAGE_STATE_ID = 'bookswap-page-state';

/**
 * Whether this render draws a page the shell's server rendered: the server's render itself, or the browser's on a
 * page that arrived rendered (hydration, and the screens drawn after it in that page). Such a first render must draw
 * what the server drew, not a lighter first pass.
 */
export function drawsRenderedPage(): boolean {
  return typeof document === 'undefined' || document.getElementById(PAGE_STATE_ID) !== null;
}
