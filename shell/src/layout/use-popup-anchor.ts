import { useState, type MouseEvent } from 'react';

/**
 * A top-bar button's popup (account menu, site menu, notifications): where it opens, and whether it was ever
 * opened, so its lazily loaded code is fetched on the first press and stays mounted to animate its closing.
 */
export function usePopupAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  return {
    anchor,
    everOpened,
    openFrom(event: MouseEvent<HTMLElement>) {
      setAnchor(event.currentTarget);
      setEverOpened(true);
    },
    close() {
      setAnchor(null);
    },
  };
}
