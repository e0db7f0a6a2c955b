import { formatDateTime } from '@bookswap/shared/ui';
import type {
  ReleaseFigures,
  ReleaseHistoryItem,
  ReleaseOverviewVersion,
  TelemetryRemote,
} from '@bookswap/shared/schemas';

/** What a figure without data reads as (no page load, no sample, never promoted). */
export const NO_FIGURE = '—';

export const REMOTE_LABEL: Record<TelemetryRemote, string> = {
  storefront: 'Storefront',
  seller: 'Seller',
  admin: 'Admin',
  checkout: 'Checkout',
};

const COUNT = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

export const countText = (count: number) => COUNT.format(count);
/** Rates come as fractions (0.012 is 1.2 %). */
export const rateText = (rate: number | null) => (rate === null ? NO_FIGURE : PERCENT.format(rate));
export const millisecondsText = (ms: number | null) => (ms === null ? NO_FIGURE : `${COUNT.format(Math.round(ms))} ms`);
/** The one date format (product.md §9), in the admin's own zone, which the history's header names. */
export const whenText = (at: string | null) => (at === null ? NO_FIGURE : formatDateTime(at));

/** The share of browsers on a release: a canary's percent, and the rest for live. */
export function shareText(release: ReleaseOverviewVersion, canaryPercent: number | null): string {
  if (release.role === 'canary') return `${release.percent ?? 0} %`;
  return `${100 - (canaryPercent ?? 0)} %`;
}

/** One line of the figures, the same for both periods. */
export interface FigureLine {
  label: string;
  text(figures: ReleaseFigures): string;
}

export const FIGURE_LINES: readonly FigureLine[] = [
  { label: 'Page loads', text: (figures) => countText(figures.pageLoads) },
  { label: 'Load failures', text: (figures) => countText(figures.loadFailures) },
  { label: 'Errors caught', text: (figures) => countText(figures.errorsCaught) },
  // An API older than the server-render counts sends none.
  { label: 'Server render failures', text: (figures) => countText(figures.serverRenderFailures ?? 0) },
  { label: 'Error rate', text: (figures) => rateText(figures.errorRate) },
  { label: 'p75 LCP', text: (figures) => millisecondsText(figures.lcpP75) },
  { label: 'p75 INP', text: (figures) => millisecondsText(figures.inpP75) },
];

export const PERIODS = [
  { label: 'Last hour', of: (release: ReleaseOverviewVersion) => release.lastHour },
  { label: 'Since live', of: (release: ReleaseOverviewVersion) => release.sinceLive },
] as const;

/** The history's actions in words; an action this screen does not know yet reads as the server wrote it. */
export function actionText(item: ReleaseHistoryItem): string {
  const known: Record<string, string> = {
    promote: 'Promoted',
    canary: item.percent === undefined ? 'Canary started' : `Canary at ${item.percent} %`,
    'canary-rollback': 'Canary rolled back',
    rollback: 'Rolled back',
  };
  return known[item.action] ?? item.action;
}

export const changeText = (item: ReleaseHistoryItem) => `${item.from ?? NO_FIGURE} → ${item.to ?? NO_FIGURE}`;
