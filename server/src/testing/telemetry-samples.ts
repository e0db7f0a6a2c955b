import fs from 'node:fs';
import type { Registry } from '@bookswap/shared/releases';
import type { RemoteLoadReport, TelemetryUnit } from '@bookswap/shared/schemas';
import { releaseSettingsOf } from '../config';
import { issuePageLoadTicket } from '../services/page-load-tickets';
import { TEST_PAGE_LOAD_SECRET, type TestServer } from './test-server';

/**
 * A page-load ticket as the test deployment's shell server would write it into a page (docs/decisions/042): what a
 * page load's reports carry as their `pageLoad` for the API to count them.
 */
export function pageLoadTicket(now = new Date()): string {
  return issuePageLoadTicket(TEST_PAGE_LOAD_SECRET, now);
}

/** One storefront page load, as a shell reports it (decision 025): the tests' starting point for telemetry calls. */
export const STOREFRONT_LOAD_REPORT: RemoteLoadReport = {
  kind: 'load',
  remote: 'storefront',
  version: '0.1.0-aaaaaaaaaa',
  channel: 'live',
  route: '/',
  outcome: 'loaded',
};

/**
 * Writes the test server's release registry: each unit's live release and canary. Only releases the registry knows
 * are counted (docs/decisions/025), so a test that sends reports names its releases first.
 */
export function givenReleases(
  server: Pick<TestServer, 'config'>,
  releases: Partial<Record<TelemetryUnit, { live: string; canary?: string }>>,
): void {
  const registry: Registry = { remotes: {} };
  for (const [unit, { live, canary }] of Object.entries(releases))
    registry.remotes[unit] = { live, canary: canary ? { version: canary, percent: 10 } : null, history: [] };
  fs.writeFileSync(releaseSettingsOf(server.config).registryFile, JSON.stringify(registry));
}
