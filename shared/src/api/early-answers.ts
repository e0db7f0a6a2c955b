declare global {
  interface Window {
    /** API answers the shell's index.html asked for before any code loaded, by path (docs/decisions/015). */
    __bookswapEarlyAnswers?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The answer index.html's inline script already asked the API for, at this exact path (a landing page's first
 * call, public, so the same for everyone), handed over once: a later call of the same path asks afresh.
 */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const answers = window.__bookswapEarlyAnswers;
  const early = answers?.[path];
  if (!answers || !early) return undefined;
  answers[path] = undefined;
  return early;
}
