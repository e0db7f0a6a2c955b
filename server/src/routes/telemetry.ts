import { z } from 'zod';
import {
  API_CALLS,
  releaseHealthSummaryQuerySchema,
  pageLoadBatchSchema,
  TELEMETRY_MAX_BYTES,
  type ReleaseHealthRow,
  type PageLoadBatch,
  type TelemetryAccepted,
} from '@bookswap/shared/schemas';
import { releaseSettingsOf } from '../config';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { recordTelemetry, releaseHealthSummary } from '../services/release-health';

/** JSON text when it comes as text/plain: `navigator.sendBeacon` sends a string so, without a CORS preflight. */
function parsedText(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const telemetryBodySchema = z.preprocess(parsedText, pageLoadBatchSchema);

export const telemetryRoutes = [
  defineRoute({
    ...served(API_CALLS.telemetry),
    access: 'public',
    rule: `release-health reports of the shell, at most ${TELEMETRY_MAX_BYTES} bytes and 50 reports a batch; counted, never stored one by one, only for releases the registry knows on routes of a route table, a page load only with a page-load ticket of the shell's server, once, and so many per client address and rollout step`,
    rateLimit: 'telemetry',
    maxBodyBytes: TELEMETRY_MAX_BYTES,
    body: telemetryBodySchema,
    async handler({ body, reply, request }, { db, config }): Promise<TelemetryAccepted> {
      reply.status(202);
      const settings = { releases: releaseSettingsOf(config), telemetry: config.telemetry };
      return recordTelemetry(db, settings, body as PageLoadBatch, request.ip, (error) =>
        request.log.error({ err: error }, 'writing release-health counts failed'),
      );
    },
  }),

  defineRoute({
    ...served(API_CALLS.releaseHealthSummary),
    access: 'admin',
    rule: 'each release on each route over the last `minutes` (default 60), busiest first, at most 1,000 rows',
    query: releaseHealthSummaryQuerySchema,
    async handler({ query }, { db }): Promise<ReleaseHealthRow[]> {
      return releaseHealthSummary(db, query);
    },
  }),
];
