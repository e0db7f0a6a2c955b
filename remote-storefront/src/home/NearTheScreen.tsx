import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a place counts as near: about a screen's scroll ahead of the visitor. */
const NEAR = '400px';

/**
 * Draws `children` once their place comes within NEAR of the screen, so that what waits below the fold (and the code
 * it loads) costs a first visit nothing. Without IntersectionObserver it draws them at once.
 */
export function NearTheScreen({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = place.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  // One pixel tall: an element with no area may never be reported as intersecting.
  return near ? children : <div ref={place} aria-hidden="true" style={{ minHeight: 1 }} />;
}
