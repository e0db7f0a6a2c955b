import type { MouseEvent } from 'react';

/** A plain click is the page's to handle in place; one that asks for a new tab or window is the browser's. */
export function inPlace(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
