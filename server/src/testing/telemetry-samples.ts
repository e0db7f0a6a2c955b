import type { RemoteLoadReport } from '@bookswap/shared/schemas';

/** One storefront page load, as a shell reports it (decision 025): the tests' starting point for telemetry calls. */
export const STOREFRONT_LOAD_REPORT: RemoteLoadReport = {
  kind: 'load',
  remote: 'storefront',
  version: '0.1.0-aaaaaaaaaa',
  channel: 'live',
  route: '/',
  outcome: 'loaded',
};
