import { API_CALLS, apiPath, type TelemetryUnit } from '@bookswap/shared/schemas';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { RemoteManifestList } from '../federation/remote-manifest-list';
import { noteRemoteLoad, readLedger } from './load-ledger';
import { ReleaseHealthReporter, SEND_EVERY_MS, type SendBatch } from './release-health-reporter';
import { pageLoadTicketOf } from './page-load-ticket';
import { shellReleaseOf, type ShellRelease } from './shell-release';

/** The router's matches, as far as release health reads them. */
export interface MatchedRoutes {
  state: { matches: readonly { route: { path?: string; handle?: unknown } }[] };
}

/**
 * The route pattern the page landed on and the remote serving it, from the router's first matches; null on a
 * shell screen (sign-in), whose vitals no remote release answers for.
 */
export function landingOf(router: MatchedRoutes): { remote: TelemetryUnit; route: string } | null {
  const served = router.state.matches.findLast(
    (match) => typeof (match.route.handle as { remote?: unknown } | undefined)?.remote === 'string',
  );
  if (!served?.route.path) return null;
  return { remote: (served.route.handle as { remote: TelemetryUnit }).remote, route: served.route.path };
}

/** The route pattern of the page as it first matched, for the shell's own page load ('/' when nothing matched). */
export function pageRouteOf(router: MatchedRoutes): string {
  const path = router.state.matches.findLast((match) => match.route.path?.startsWith('/'))?.route.path;
  return path ?? '/';
}

export interface ReleaseHealthOptions {
  apiUrl: string;
  remotes: RemoteManifestList;
  router: MatchedRoutes;
  send?: SendBatch;
  /** The shell release of this page; by default as the page names it. */
  shell?: ShellRelease;
  /** This page load's id in its reports; by default the page's page-load ticket, else a new random one. */
  pageLoad?: string;
}

/**
 * Started after the first render (bootstrap.tsx imports this module lazily, with web-vitals, so neither weighs on
 * the first load): reports what the ledger noted and the landing route's LCP, INP and CLS, in batches.
 */
export function startReleaseHealth({
  apiUrl,
  remotes,
  router,
  send,
  shell = shellReleaseOf(document),
  pageLoad = pageLoadTicketOf(document) ?? undefined,
}: ReleaseHealthOptions): ReleaseHealthReporter {
  const reporter = new ReleaseHealthReporter(
    `${apiUrl}${apiPath(API_CALLS.telemetry)}`,
    remotes,
    send,
    shell,
    pageLoad,
  );
  // The shell started, routed and rendered: its page load, which its canary's error rate is counted against.
  noteRemoteLoad('shell', pageRouteOf(router), 'loaded');
  readLedger((event) => reporter.noteEvent(event));
  const landing = landingOf(router);
  if (landing) {
    const noteVital = (metric: Metric) => {
      if (metric.name === 'LCP' || metric.name === 'INP' || metric.name === 'CLS')
        reporter.noteVital(metric.name, metric.value, landing);
    };
    try {
      onLCP(noteVital);
      onINP(noteVital);
      onCLS(noteVital);
    } catch {
      // A browser without the performance APIs web-vitals reads: no vitals, and the page never notices.
    }
  }
  setInterval(() => reporter.flush(), SEND_EVERY_MS);
  // web-vitals reports its final values as the page is hidden, before these listeners run (it registered first).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  addEventListener('pagehide', () => reporter.flush());
  // Started as the page was hidden (bootstrap.tsx starts it then): what the ledger held goes at once.
  if (document.visibilityState === 'hidden') reporter.flush();
  return reporter;
}
