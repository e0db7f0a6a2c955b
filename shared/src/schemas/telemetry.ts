import { z } from 'zod';
import { REMOTE_NAMES, UNIT_NAMES } from '../releases/release-units';
import './jitless-zod';

/**
 * Release health (decision 025): what the shell reports about each page load, per remote release it used. Only
 * facts about releases and route patterns travel: no URL, no query string, no email, no token, nothing about
 * who the visitor is, so a signed-in visitor and one who is not are counted alike.
 */

export const TELEMETRY_REMOTES = REMOTE_NAMES;
/** The units whose releases are judged: the shell (`--auto` for the shell) and the four remotes. */
export const TELEMETRY_UNITS = UNIT_NAMES;
export const TELEMETRY_CHANNELS = ['live', 'canary'] as const;
/** How a remote's load ended: loaded, or the stage it failed at. */
export const REMOTE_LOAD_OUTCOMES = ['loaded', 'manifest', 'entry', 'module', 'contract'] as const;
export const WEB_VITALS = ['LCP', 'INP', 'CLS'] as const;
/**
 * How the shell's server answered a public page (docs/decisions/066): rendered by the storefront's release, or the
 * page the browser renders because the render failed or missed its budget.
 */
export const SERVER_RENDER_OUTCOMES = ['rendered', 'failed', 'over-budget'] as const;

/** At most this many reports in one batch, and this many bytes of body (`POST /api/telemetry`). */
export const TELEMETRY_MAX_REPORTS = 50;
export const TELEMETRY_MAX_BYTES = 16 * 1024;

/**
 * Each vital's histogram: a count per bucket, bucket i holding values up to `VITAL_BUCKET_BOUNDS[name][i]` and the
 * last one everything above. Fixed bounds so per-minute rows add up and p75 can be read from any sum of them
 * (around Google's good / needs-improvement / poor thresholds: LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25).
 */
export const VITAL_BUCKET_BOUNDS: Record<WebVital, readonly number[]> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7000, 10000],
  INP: [50, 100, 150, 200, 300, 400, 500, 750, 1000, 2000],
  CLS: [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.4, 0.6, 1],
};
/** Every vital has the same number of buckets: its bounds and one above the last. */
export const VITAL_BUCKETS = 11;

export type TelemetryRemote = (typeof TELEMETRY_REMOTES)[number];
export type TelemetryUnit = (typeof TELEMETRY_UNITS)[number];
export type TelemetryChannel = (typeof TELEMETRY_CHANNELS)[number];
export type RemoteLoadOutcome = (typeof REMOTE_LOAD_OUTCOMES)[number];
export type WebVital = (typeof WEB_VITALS)[number];
export type ServerRenderOutcome = (typeof SERVER_RENDER_OUTCOMES)[number];

/** The bucket a vital's value falls in. */
export function vitalBucket(name: WebVital, value: number): number {
  const bounds = VITAL_BUCKET_BOUNDS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The value at or under which three in four measurements fall: the upper bound of the bucket that reaches 75 %
 * (the last bound when that is the open top bucket: "more than this"); null without measurements.
 */
export function vitalP75(name: WebVital, buckets: readonly number[]): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const bounds = VITAL_BUCKET_BOUNDS[name];
  const top = bounds[bounds.length - 1] ?? 0;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= total * 0.75) return bounds[i] ?? top;
  }
  return top;
}

/** A release's version as `pnpm release build` names it, or `unreleased` for a remote served without one. */
const versionSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$/, { message: 'version must be a release version' });

/** The route table's path pattern (`/book/:id`), never the URL: no query string, no fragment, no address. */
const routePatternSchema = z
  .string()
  .max(120)
  .regex(/^\/[A-Za-z0-9/:_*.-]*$/, { message: 'route must be a path pattern of the route table' });

/**
 * A random name the shell gives each page load (not the visitor: a new one every load), so that a page counts once
 * however many errors it reports. Optional on the wire: shells released before it still send loads without one.
 */
export const PAGE_LOAD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const releaseFacts = {
  /** The release unit, named `remote` on the wire since before the shell had releases. */
  remote: z.enum(TELEMETRY_UNITS),
  version: versionSchema,
  channel: z.enum(TELEMETRY_CHANNELS),
  route: routePatternSchema,
};

/** One page load's use of one remote, and how it ended. */
export const remoteLoadReportSchema = z.strictObject({
  kind: z.literal('load'),
  ...releaseFacts,
  outcome: z.enum(REMOTE_LOAD_OUTCOMES),
});

/** An error the remote's area's error boundary caught. Only that it happened is kept, never its text. */
export const remoteErrorReportSchema = z.strictObject({
  kind: z.literal('error'),
  ...releaseFacts,
});

/** One Core Web Vital of a page load (ms for LCP and INP, unitless for CLS), on the route that served it. */
export const vitalReportSchema = z.strictObject({
  kind: z.literal('vital'),
  ...releaseFacts,
  name: z.enum(WEB_VITALS),
  value: z.number().finite().min(0).max(600_000),
});

/** How the server answered the page the page load landed on, for the release whose screen it is. */
export const serverRenderReportSchema = z.strictObject({
  kind: z.literal('render'),
  ...releaseFacts,
  outcome: z.enum(SERVER_RENDER_OUTCOMES),
});

export const telemetryReportSchema = z.discriminatedUnion('kind', [
  remoteLoadReportSchema,
  remoteErrorReportSchema,
  vitalReportSchema,
  serverRenderReportSchema,
]);

/** A batch's reports: at least one, at most TELEMETRY_MAX_REPORTS. */
function batchReports<Report extends z.ZodType>(report: Report) {
  return z
    .array(report)
    .min(1, { message: 'a batch holds at least one report' })
    .max(TELEMETRY_MAX_REPORTS, { message: `a batch holds at most ${TELEMETRY_MAX_REPORTS} reports` });
}

export const telemetryBatchSchema = z.strictObject({ reports: batchReports(telemetryReportSchema) });

/**
 * The reports as shells send them since page loads carry an id (`pageLoad`, optional so that a shell released
 * before it still counts its loads): `POST /api/telemetry` reads these. An error counts only for a page load counted
 * before it with the same id, and then once (docs/decisions/026).
 */
const pageLoadField = {
  pageLoad: z.string().regex(PAGE_LOAD_ID_PATTERN, { message: 'pageLoad must be a page load id' }).optional(),
};
export const pageLoadReportSchema = z.discriminatedUnion('kind', [
  remoteLoadReportSchema.extend(pageLoadField),
  remoteErrorReportSchema.extend(pageLoadField),
  vitalReportSchema.extend(pageLoadField),
  serverRenderReportSchema.extend(pageLoadField),
]);
export const pageLoadBatchSchema = z.strictObject({ reports: batchReports(pageLoadReportSchema) });
/** `POST /api/telemetry`'s answer (202): how many reports of the batch arrived. */
export const telemetryAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });
export type TelemetryAccepted = z.infer<typeof telemetryAcceptedSchema>;
export type PageLoadReport = z.infer<typeof pageLoadReportSchema>;
export type PageLoadBatch = z.infer<typeof pageLoadBatchSchema>;

export type RemoteLoadReport = z.infer<typeof remoteLoadReportSchema>;
export type RemoteErrorReport = z.infer<typeof remoteErrorReportSchema>;
export type VitalReport = z.infer<typeof vitalReportSchema>;
export type ServerRenderReport = z.infer<typeof serverRenderReportSchema>;
export type TelemetryReport = z.infer<typeof telemetryReportSchema>;
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

export const releaseHealthSummaryQuerySchema = z.object({
  remote: z.enum(TELEMETRY_UNITS).optional(),
  /** The last this many minutes (default an hour, at most 400 days: what is kept). */
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(400 * 24 * 60)
    .default(60),
});
export type ReleaseHealthSummaryQuery = z.input<typeof releaseHealthSummaryQuerySchema>;

/** A count for each of `keys`, as an object with exactly those fields. */
function countsOf<Key extends string>(keys: readonly Key[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number()])) as Record<Key, z.ZodNumber>);
}

const vitalSummarySchema = z.object({ count: z.number(), p75: z.number().nullable(), buckets: z.array(z.number()) });

/** One release on one route over the asked period: the counters summed, each vital's histogram and p75. */
export const releaseHealthRowSchema = z.object({
  remote: z.enum(TELEMETRY_UNITS),
  version: z.string(),
  channel: z.enum(TELEMETRY_CHANNELS),
  route: z.string(),
  pageLoads: z.number(),
  failures: countsOf(
    REMOTE_LOAD_OUTCOMES.filter((outcome): outcome is Exclude<RemoteLoadOutcome, 'loaded'> => outcome !== 'loaded'),
  ),
  /** Page loads that loaded the remote and then caught an error (each once, however many it caught). */
  errorsCaught: z.number(),
  /** Page loads of a page the shell's server answered, by how (each once). */
  serverRenders: countsOf(SERVER_RENDER_OUTCOMES),
  vitals: z.object({ LCP: vitalSummarySchema, INP: vitalSummarySchema, CLS: vitalSummarySchema }),
});
export type ReleaseHealthRow = z.infer<typeof releaseHealthRowSchema>;
