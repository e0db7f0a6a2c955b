/**
 * Makes `matchMedia` answer as a screen `width` px wide, for the width-dependent layouts (phone cards, the
 * menu button); jsdom has no `matchMedia`, which MUI reads as a wide screen. Returns the undo.
 */
export function atScreenWidth(width: number): () => void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) =>
      bound === 'min' ? width >= Number(px) : width <= Number(px),
    );
  const previous = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  return () => {
    if (previous) Object.defineProperty(window, 'matchMedia', previous);
    else Reflect.deleteProperty(window, 'matchMedia');
  };
}

/** A phone's size (390 × 844), the smallest screen the product is checked at. */
export const PHONE_WIDTH = 390;
