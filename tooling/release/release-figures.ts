import { readFileSync } from 'node:fs';
import { releaseFiguresFileOf } from '@bookswap/shared/releases';
import type { ReleaseFigures, ReleaseFiguresSnapshot } from '@bookswap/shared/schemas';

/** Figures older than this are the last words of an API that no longer runs: shown as unavailable. */
const STALE_AFTER_MS = 2 * 60_000;

export type FiguresReading =
  { available: true; writtenAt: string; snapshot: ReleaseFiguresSnapshot } | { available: false; reason: string };

/**
 * The figures the API wrote beside the registry (docs/decisions/026): the command opens neither the API's
 * database nor a session. Missing or stale, `list` still lists and says why the figures are not there.
 */
export function readReleaseFigures(registryFile: string, now = new Date()): FiguresReading {
  const file = releaseFiguresFileOf(registryFile);
  let snapshot: ReleaseFiguresSnapshot;
  try {
    snapshot = JSON.parse(readFileSync(file, 'utf8')) as ReleaseFiguresSnapshot;
  } catch {
    return { available: false, reason: `figures unavailable: the API has written none (${file}); is it running?` };
  }
  if (now.getTime() - Date.parse(snapshot.writtenAt) > STALE_AFTER_MS)
    return {
      available: false,
      reason: `figures unavailable: the API last wrote them at ${snapshot.writtenAt}; is it running?`,
    };
  return { available: true, writtenAt: snapshot.writtenAt, snapshot };
}

const rate = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);
const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

/** One period's figures in a line: what each number is, so the list reads without the docs. */
export function figuresText(figures: ReleaseFigures): string {
  return (
    `${figures.pageLoads} page loads, ${figures.loadFailures} load failures, ${figures.errorsCaught} errors caught, ` +
    // An API older than the server-render counts sends none.
    `${figures.serverRenderFailures ?? 0} server render failures, ` +
    `error rate ${rate(figures.errorRate)}, LCP p75 ${ms(figures.lcpP75)}, INP p75 ${ms(figures.inpP75)}`
  );
}
