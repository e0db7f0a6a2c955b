import type { PageLoadReport, TelemetryUnit, WebVital } from '@bookswap/shared/schemas';
import type { RemoteManifestList } from '../federation/remote-manifest-list';
import type { LedgerEvent } from './load-ledger';
import type { ShellRelease } from './shell-release';

/** As many as `telemetryBatchSchema` takes in one batch (TELEMETRY_MAX_REPORTS; the schema stays off the page). */
export const REPORTS_PER_BATCH = 50;
/** Reports waiting at most this long before they are sent, besides on leaving the page. */
export const SEND_EVERY_MS = 10_000;
/** Kept at most while sending fails; older ones are dropped, never the page's memory. */
const MAX_WAITING = 500;

/** Sends one batch's JSON text; answers whether the browser took it. Never throws to its caller. */
export type SendBatch = (url: string, text: string) => boolean;

/**
 * `navigator.sendBeacon`: queued by the browser, sent even as the page goes, never delaying a navigation. Its
 * string goes as text/plain, which needs no CORS preflight to the API's origin. Without it (or when its queue is
 * full) `fetch` with `keepalive`, with no cookies. A failure to send is dropped: health figures are never worth an
 * error on the page.
 */
export const sendBatch: SendBatch = (url, text) => {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, text)) return true;
    void fetch(url, {
      method: 'POST',
      body: text,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
};

/**
 * The release a unit's reports are attributed to: a remote's version and channel as remotes.json named them, the
 * shell's as its page did.
 */
export function releaseOf(remotes: RemoteManifestList, remote: TelemetryUnit, shell: ShellRelease) {
  if (remote === 'shell') return shell;
  const listed = remotes.find((candidate) => candidate.name === remote);
  // A remote served without a release (a development server, a hand-made remotes.json) has no version.
  return { version: listed?.version ?? 'unreleased', channel: listed?.channel ?? 'live' } as const;
}

/**
 * A new random name for this page load (never the visitor's: the next page load gets another), so the API counts
 * the page once however many errors it reports (docs/decisions/026).
 */
export function newPageLoadId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('');
}

/**
 * Collects this page load's release-health reports and sends them in batches: when 50 are waiting, every
 * `SEND_EVERY_MS`, and when the page is hidden or left. Reports hold release facts and route patterns only.
 */
export class ReleaseHealthReporter {
  private waiting: PageLoadReport[] = [];

  constructor(
    private readonly url: string,
    private readonly remotes: RemoteManifestList,
    private readonly send: SendBatch = sendBatch,
    private readonly shell: ShellRelease = { version: 'unreleased', channel: 'live' },
    private readonly pageLoad: string = newPageLoadId(),
  ) {}

  /** A remote's load outcome, a caught error or how the server answered its page, from the ledger. */
  noteEvent(event: LedgerEvent): void {
    const release = {
      remote: event.remote,
      ...releaseOf(this.remotes, event.remote, this.shell),
      route: event.route,
      pageLoad: this.pageLoad,
    };
    if (event.kind === 'load') this.add({ kind: 'load', ...release, outcome: event.outcome });
    else if (event.kind === 'render') this.add({ kind: 'render', ...release, outcome: event.outcome });
    else this.add({ kind: 'error', ...release });
  }

  /** A Core Web Vital of this page load, on the route (and so the remote) it landed on. */
  noteVital(name: WebVital, value: number, landing: { remote: TelemetryUnit; route: string }): void {
    if (!Number.isFinite(value) || value < 0) return;
    const release = releaseOf(this.remotes, landing.remote, this.shell);
    // Rounded: the histogram's buckets need no more, and a value's last digits identify nothing useful.
    const rounded = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
    this.add({
      kind: 'vital',
      remote: landing.remote,
      ...release,
      route: landing.route,
      pageLoad: this.pageLoad,
      name,
      value: rounded,
    });
  }

  private add(report: PageLoadReport): void {
    this.waiting.push(report);
    if (this.waiting.length > MAX_WAITING) this.waiting.splice(0, this.waiting.length - MAX_WAITING);
    if (this.waiting.length >= REPORTS_PER_BATCH) this.flush();
  }

  /** Sends everything waiting, in batches; a batch the browser would not take waits for the next time. */
  flush(): void {
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, REPORTS_PER_BATCH);
      if (!this.send(this.url, JSON.stringify({ reports: batch }))) return;
      this.waiting.splice(0, batch.length);
    }
  }
}
