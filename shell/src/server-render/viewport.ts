import type { Theme } from '@mui/material/styles';

/**
 * The width a page is rendered for on the server, guessed from its browser's User-Agent: a phone, a tablet or a
 * desktop. The browser hydrates at the same width (the page's state carries it), then its screens take their real
 * width: a good guess moves nothing (CLS), a wrong one re-lays the parts that depend on it, never a mismatch.
 */
export const VIEWPORT_WIDTHS = { phone: 390, tablet: 820, desktop: 1280 } as const;
export type ViewportClass = keyof typeof VIEWPORT_WIDTHS;

export function viewportOf(userAgent: string | undefined): ViewportClass {
  if (!userAgent) return 'desktop';
  if (/Mobi|iPhone|iPod/.test(userAgent)) return 'phone';
  if (/iPad|Tablet|Android/.test(userAgent)) return 'tablet';
  return 'desktop';
}

/** Whether a media query of widths (`(min-width:600px)`, `(max-width:899.95px)`, joined by `and`) matches `width`. */
export function matchesWidth(query: string, width: number): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, value]) =>
    side === 'min' ? width >= Number(value) : width <= Number(value),
  );
}

/** The theme with `useMediaQuery` answering for `width` where the page has no real one yet (server, hydration). */
export function themeAtWidth(theme: Theme, width: number): Theme {
  const ssrMatchMedia = (query: string) => ({ matches: matchesWidth(query, width) });
  return {
    ...theme,
    components: { ...theme.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } },
  };
}
