import type { RemoteLoadOutcome, ServerRenderOutcome, TelemetryUnit } from '@bookswap/shared/schemas';

/**
 * What happened to each remote during this page load, noted where it happens and read by the release-health
 * reporter, which loads after the first render (docs/decisions/025): events noted before it arrives wait here.
 * Kept tiny, since it sits in the shell's entry. Routes are the route table's patterns, never the URL.
 */
export type LedgerEvent =
  | { kind: 'load'; remote: TelemetryUnit; route: string; outcome: RemoteLoadOutcome }
  | { kind: 'error'; remote: TelemetryUnit; route: string }
  | { kind: 'render'; remote: TelemetryUnit; route: string; outcome: ServerRenderOutcome };

let waiting: LedgerEvent[] = [];
let reader: ((event: LedgerEvent) => void) | null = null;
const settled = new Set<TelemetryUnit>();

function note(event: LedgerEvent): void {
  if (reader) reader(event);
  else waiting.push(event);
}

/** A remote's first outcome in this page load: its page load, loaded or failed at a stage. Later ones are retries. */
export function noteRemoteLoad(remote: TelemetryUnit, route: string, outcome: RemoteLoadOutcome): void {
  if (settled.has(remote)) return;
  settled.add(remote);
  note({ kind: 'load', remote, route, outcome });
}

/** An error the remote's area's error boundary caught. */
export function noteCaughtError(remote: TelemetryUnit, route: string): void {
  note({ kind: 'error', remote, route });
}

/**
 * A server-rendered page (docs/decisions/037) that React had to draw afresh: an error of the release whose screen it
 * was, so a release whose server render breaks fails its canary as a crashing one does.
 */
export function noteHydrationError(remote: TelemetryUnit, route: string): void {
  note({ kind: 'error', remote, route });
}

/**
 * How the shell's server answered the page this load landed on (docs/decisions/066): rendered by the release whose
 * screen it is, or left to the browser because that render failed or missed its budget.
 */
export function noteServerRender(remote: TelemetryUnit, route: string, outcome: ServerRenderOutcome): void {
  note({ kind: 'render', remote, route, outcome });
}

/** Hands over what was noted so far, then every later event as it happens. */
export function readLedger(read: (event: LedgerEvent) => void): void {
  reader = read;
  const noted = waiting;
  waiting = [];
  noted.forEach(read);
}

/** Tests only: a fresh page load. */
export function forgetLedger(): void {
  waiting = [];
  reader = null;
  settled.clear();
}
