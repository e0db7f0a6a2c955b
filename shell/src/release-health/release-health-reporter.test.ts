import {
  PAGE_LOAD_ID_PATTERN,
  pageLoadBatchSchema,
  TELEMETRY_MAX_BYTES,
  TELEMETRY_MAX_REPORTS,
} from '@bookswap/shared/schemas';
import type { RemoteManifestList } from '../federation/remote-manifest-list';
import { forgetLedger, noteCaughtError, noteRemoteLoad } from './load-ledger';
import { newPageLoadId, REPORTS_PER_BATCH, ReleaseHealthReporter, sendBatch } from './release-health-reporter';
import { SHELL_RELEASE_META, shellReleaseOf } from './shell-release';
import { PAGE_LOAD_TICKET_META, pageLoadTicketOf } from './page-load-ticket';
import { landingOf, startReleaseHealth, type MatchedRoutes } from './start-release-health';

type VitalCallback = (metric: { name: string; value: number }) => void;
/** What the page's web-vitals would report, by metric. */
const vitals: Partial<Record<'LCP' | 'INP' | 'CLS', VitalCallback>> = {};
jest.mock('web-vitals', () => ({
  onLCP: (callback: VitalCallback) => (vitals.LCP = callback),
  onINP: (callback: VitalCallback) => (vitals.INP = callback),
  onCLS: (callback: VitalCallback) => (vitals.CLS = callback),
}));

const URL = 'http://localhost:5000/api/telemetry';
const REMOTES: RemoteManifestList = [
  {
    name: 'storefront',
    entry: 'http://localhost:3001/0.1.0-aaaaaaaaaa/mf-manifest.json',
    version: '0.1.0-aaaaaaaaaa',
    channel: 'live',
  },
  {
    name: 'seller',
    entry: 'http://localhost:3002/0.1.0-cccccccccc/mf-manifest.json',
    version: '0.1.0-cccccccccc',
    channel: 'canary',
  },
  { name: 'admin', entry: 'http://localhost:3004/mf-manifest.json' },
];

function recordingSend(accepts = () => true) {
  const sent: { url: string; text: string }[] = [];
  const send = jest.fn((url: string, text: string) => {
    if (!accepts()) return false;
    sent.push({ url, text });
    return true;
  });
  return { send, sent, batches: () => sent.map(({ text }) => pageLoadBatchSchema.parse(JSON.parse(text))) };
}

/** The router as it stands on a book's page, as a visitor who opened /book/42?ref=mail@example.test sees it. */
const onBookPage: MatchedRoutes = {
  state: {
    matches: [{ route: { path: undefined } }, { route: { path: '/book/:id', handle: { remote: 'storefront' } } }],
  },
};

/** The page-load id the tests give their reporter, so the reports can be compared whole. */
const PAGE_LOAD = 'page-load-0001';

beforeEach(() => forgetLedger());
afterEach(() => jest.useRealTimers());

/** What every report of a page load on the book page carries: the storefront's live release (REMOTES) and the page load. */
const ON_BOOK_PAGE = {
  remote: 'storefront',
  version: '0.1.0-aaaaaaaaaa',
  channel: 'live',
  route: '/book/:id',
  pageLoad: PAGE_LOAD,
} as const;

describe('the release-health reporter', () => {
  it('attributes a load to the version and channel remotes.json named for the page load', () => {
    const { send, batches } = recordingSend();
    const reporter = new ReleaseHealthReporter(URL, REMOTES, send, undefined, PAGE_LOAD);
    reporter.noteEvent({ kind: 'load', remote: 'seller', route: '/dashboard/myproduct', outcome: 'entry' });
    reporter.noteEvent({ kind: 'error', remote: 'storefront', route: '/book/:id' });
    reporter.noteEvent({ kind: 'load', remote: 'admin', route: '/dashboard/all-users', outcome: 'loaded' });
    reporter.noteEvent({ kind: 'render', remote: 'storefront', route: '/book/:id', outcome: 'over-budget' });
    reporter.flush();
    expect(batches()).toEqual([
      {
        reports: [
          {
            kind: 'load',
            remote: 'seller',
            version: '0.1.0-cccccccccc',
            channel: 'canary',
            route: '/dashboard/myproduct',
            pageLoad: PAGE_LOAD,
            outcome: 'entry',
          },
          {
            kind: 'error',
            remote: 'storefront',
            version: '0.1.0-aaaaaaaaaa',
            channel: 'live',
            route: '/book/:id',
            pageLoad: PAGE_LOAD,
          },
          {
            kind: 'load',
            remote: 'admin',
            version: 'unreleased',
            channel: 'live',
            route: '/dashboard/all-users',
            pageLoad: PAGE_LOAD,
            outcome: 'loaded',
          },
          { kind: 'render', ...ON_BOOK_PAGE, outcome: 'over-budget' },
        ],
      },
    ]);
  });

  it('sends nothing until a batch is full or it is told to, then at most 50 a batch', () => {
    const { send, batches } = recordingSend();
    const reporter = new ReleaseHealthReporter(URL, REMOTES, send, undefined, PAGE_LOAD);
    for (let i = 0; i < REPORTS_PER_BATCH - 1; i++)
      reporter.noteVital('LCP', 1000 + i, { remote: 'storefront', route: '/' });
    expect(send).not.toHaveBeenCalled();
    reporter.noteVital('LCP', 2000, { remote: 'storefront', route: '/' });
    expect(send).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 70; i++) reporter.noteVital('CLS', 0.01, { remote: 'storefront', route: '/' });
    reporter.flush();
    expect(batches().map((batch) => batch.reports.length)).toEqual([50, 50, 20]);
    expect(REPORTS_PER_BATCH).toBe(TELEMETRY_MAX_REPORTS);
  });

  it('keeps a batch the browser would not take for the next time', () => {
    let online = false;
    const { send, batches } = recordingSend(() => online);
    const reporter = new ReleaseHealthReporter(URL, REMOTES, send, undefined, PAGE_LOAD);
    reporter.noteVital('INP', 120, { remote: 'storefront', route: '/' });
    reporter.flush();
    expect(batches()).toEqual([]);
    online = true;
    reporter.flush();
    expect(batches()[0]?.reports).toHaveLength(1);
  });

  it('sends with navigator.sendBeacon as text, and falls back to a keepalive fetch without cookies', () => {
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    expect(sendBatch(URL, '{"reports":[]}')).toBe(true);
    expect(beacon).toHaveBeenCalledWith(URL, '{"reports":[]}');

    beacon.mockReturnValue(false);
    const fetched = jest.fn(async () => new Response(null, { status: 202 }));
    Object.defineProperty(globalThis, 'fetch', { value: fetched, configurable: true, writable: true });
    expect(sendBatch(URL, '{"reports":[]}')).toBe(true);
    expect(fetched).toHaveBeenCalledWith(
      URL,
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
  });

  it('ignores a failure to send: the page never sees it', async () => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new TypeError('sendBeacon is blocked');
      },
      configurable: true,
    });
    expect(sendBatch(URL, '{}')).toBe(false);
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const refused = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    Object.defineProperty(globalThis, 'fetch', { value: refused, configurable: true, writable: true });
    expect(() => sendBatch(URL, '{}')).not.toThrow();
    await Promise.resolve();
  });

  it('reports the landing route’s pattern, never the URL, and nothing about who is signed in', () => {
    window.history.replaceState(null, '', '/book/42?ref=bea.buyer@example.test#access_token=eyJhbGciOi');
    localStorage.setItem('bookswap.session', JSON.stringify({ email: 'bea.buyer@example.test', token: 'eyJhbGciOi' }));
    const { send, sent, batches } = recordingSend();
    jest.useFakeTimers();
    noteRemoteLoad('storefront', '/book/:id', 'loaded');
    startReleaseHealth({
      apiUrl: 'http://localhost:5000',
      remotes: REMOTES,
      router: onBookPage,
      send,
      pageLoad: PAGE_LOAD,
    });
    noteCaughtError('storefront', '/book/:id');
    vitals.LCP?.({ name: 'LCP', value: 1234.56 });
    vitals.CLS?.({ name: 'CLS', value: 0.01234 });
    jest.advanceTimersByTime(10_000);
    expect(batches()[0]?.reports).toEqual([
      { kind: 'load', ...ON_BOOK_PAGE, outcome: 'loaded' },
      // The shell's own page load, on a page served without a shell release (no meta tag here).
      { kind: 'load', ...ON_BOOK_PAGE, remote: 'shell', version: 'unreleased', outcome: 'loaded' },
      { kind: 'error', ...ON_BOOK_PAGE },
      { kind: 'vital', ...ON_BOOK_PAGE, name: 'LCP', value: 1235 },
      { kind: 'vital', ...ON_BOOK_PAGE, name: 'CLS', value: 0.012 },
    ]);
    const text = sent.map((batch) => batch.text).join('');
    for (const secret of ['@', '?', '#', '42', 'eyJ', 'bea']) expect(text).not.toContain(secret);
    expect(sent.every(({ url }) => url === 'http://localhost:5000/api/telemetry')).toBe(true);
    expect(new Blob([sent[0]!.text]).size).toBeLessThan(TELEMETRY_MAX_BYTES);
    localStorage.clear();
  });

  it('names every report of one page load with the same random id, and the next page load with another', () => {
    const { send, batches } = recordingSend();
    const first = new ReleaseHealthReporter(URL, REMOTES, send);
    first.noteEvent({ kind: 'load', remote: 'seller', route: '/dashboard/myproduct', outcome: 'loaded' });
    first.noteEvent({ kind: 'error', remote: 'seller', route: '/dashboard/myproduct' });
    first.flush();
    const ids = batches().flatMap((batch) => batch.reports.map((report) => report.pageLoad));
    expect(ids[0]).toMatch(PAGE_LOAD_ID_PATTERN);
    expect(ids[1]).toBe(ids[0]);
    const next = newPageLoadId();
    expect(next).toMatch(PAGE_LOAD_ID_PATTERN);
    expect(next).not.toBe(ids[0]);
  });

  it('sends what is waiting as the page is hidden or left', () => {
    const { send, batches } = recordingSend();
    startReleaseHealth({
      apiUrl: 'http://localhost:5000',
      remotes: REMOTES,
      router: onBookPage,
      send,
      pageLoad: PAGE_LOAD,
    });
    noteRemoteLoad('storefront', '/book/:id', 'loaded');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(batches()).toHaveLength(1);
    noteCaughtError('storefront', '/book/:id');
    window.dispatchEvent(new Event('pagehide'));
    expect(batches()).toHaveLength(2);
  });

  it('counts each page load and each error of the shell’s screens against the shell release the page names', () => {
    const meta = document.createElement('meta');
    meta.name = SHELL_RELEASE_META;
    meta.content = '0.1.0-5he115he11 canary';
    document.head.append(meta);
    try {
      const { send, batches } = recordingSend();
      startReleaseHealth({
        apiUrl: 'http://localhost:5000',
        remotes: REMOTES,
        router: { state: { matches: [{ route: { path: undefined } }, { route: { path: '/login' } }] } },
        send,
        pageLoad: PAGE_LOAD,
      });
      noteCaughtError('shell', '/login');
      noteRemoteLoad('shell', '/dashboard', 'loaded');
      window.dispatchEvent(new Event('pagehide'));
      const shell = {
        remote: 'shell',
        version: '0.1.0-5he115he11',
        channel: 'canary',
        route: '/login',
        pageLoad: PAGE_LOAD,
      };
      expect(batches().flatMap((batch) => batch.reports)).toEqual([
        { kind: 'load', ...shell, outcome: 'loaded' },
        { kind: 'error', ...shell },
      ]);
    } finally {
      meta.remove();
    }
  });

  it('names every report of the page load by the page-load ticket the shell’s server wrote into the page', () => {
    const meta = document.createElement('meta');
    meta.name = PAGE_LOAD_TICKET_META;
    meta.content = 'Tk3tW1ck3tS1gn3dbyth3s3rv3rItS3lf0000000000';
    document.body.append(meta);
    try {
      const { send, batches } = recordingSend();
      startReleaseHealth({ apiUrl: 'http://localhost:5000', remotes: REMOTES, router: onBookPage, send });
      noteRemoteLoad('storefront', '/book/:id', 'loaded');
      noteCaughtError('storefront', '/book/:id');
      window.dispatchEvent(new Event('pagehide'));
      const reports = batches().flatMap((batch) => batch.reports);
      expect(reports.map((report) => report.kind)).toEqual(['load', 'load', 'error']);
      expect(reports.every((report) => report.pageLoad === meta.content)).toBe(true);
    } finally {
      meta.remove();
    }
    // A page sent without one (the development server) gets a random id: its reports count with the unknown ones.
    expect(pageLoadTicketOf(document.implementation.createHTMLDocument())).toBeNull();
  });

  it('reads the shell release from the page, and calls a page without one unreleased', () => {
    const page = document.implementation.createHTMLDocument();
    expect(shellReleaseOf(page)).toEqual({ version: 'unreleased', channel: 'live' });
    page.head.innerHTML = `<meta name="${SHELL_RELEASE_META}" content="0.1.0-abc live">`;
    expect(shellReleaseOf(page)).toEqual({ version: '0.1.0-abc', channel: 'live' });
  });

  it('attributes vitals to no remote on a shell screen', () => {
    expect(landingOf({ state: { matches: [{ route: { path: '/login' } }] } })).toBeNull();
    expect(landingOf(onBookPage)).toEqual({ remote: 'storefront', route: '/book/:id' });
  });
});
