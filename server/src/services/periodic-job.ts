/**
 * Runs `round` every `everyMs` on this instance, one round at a time: a slow round is not overtaken by the next.
 * A failed round goes to `onError` and the next runs as usual. `stop` waits for a round under way.
 */
export function runPeriodically(
  everyMs: number,
  round: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= round()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
