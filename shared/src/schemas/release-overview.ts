import { z } from 'zod';
import './jitless-zod';
import { TELEMETRY_REMOTES } from './telemetry';

/**
 * What a team sees of its releases (decision 025): `pnpm release list`, the admin Releases screen and the
 * automatic canary all read these figures from the release-health counters (docs/decisions/025).
 */

/** One release's health over a period. Rates are fractions (0.012 = 1.2 %); null when there were no page loads. */
export const releaseFiguresSchema = z.object({
  pageLoads: z.number(),
  /** Page loads in which the remote failed to load, at any stage. */
  loadFailures: z.number(),
  /** Errors its area's error boundary caught. */
  errorsCaught: z.number(),
  /**
   * Page loads whose public page the shell's server failed to render with this release (docs/decisions/066); absent
   * from an API released before it counted them.
   */
  serverRenderFailures: z.number().optional(),
  /** (load failures + page loads with a caught error, counted as caught errors + render failures) / page loads. */
  errorRate: z.number().nullable(),
  /** p75 in milliseconds, null without samples. */
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
});
export type ReleaseFigures = z.infer<typeof releaseFiguresSchema>;

/** A release no browser used in the period. */
export const NO_RELEASE_FIGURES: ReleaseFigures = {
  pageLoads: 0,
  loadFailures: 0,
  errorsCaught: 0,
  serverRenderFailures: 0,
  errorRate: null,
  lcpP75: null,
  inpP75: null,
};

const releaseRoleSchema = z.enum(['live', 'canary', 'kept']);
export type ReleaseRole = z.infer<typeof releaseRoleSchema>;

export const releaseOverviewVersionSchema = z.object({
  version: z.string(),
  role: releaseRoleSchema,
  /** The canary's share of browsers (1-99); null for live and kept releases. */
  percent: z.number().nullable(),
  /** When it last became live or canary (ISO), null for a release never promoted. */
  since: z.string().nullable(),
  lastHour: releaseFiguresSchema,
  sinceLive: releaseFiguresSchema,
});
export type ReleaseOverviewVersion = z.infer<typeof releaseOverviewVersionSchema>;

const rolloutSideFiguresSchema = z.object({
  pageLoads: z.number(),
  errors: z.number(),
  errorRate: z.number().nullable(),
});

/**
 * One change of the registry, as the history records it (a decision of the automatic canary carries its reason and
 * figures): the registry's own entry (`HistoryEntry`), its action as text.
 */
export const releaseHistoryItemSchema = z.object({
  at: z.string(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  percent: z.number().optional(),
  command: z.string(),
  by: z.string().optional(),
  reason: z.string().optional(),
  figures: z.object({ canary: rolloutSideFiguresSchema, live: rolloutSideFiguresSchema, limit: z.number() }).optional(),
  set: z.string().optional(),
});
export type ReleaseHistoryItem = z.infer<typeof releaseHistoryItemSchema>;

/** An automatic rollout in progress (`--auto`). */
export const releaseRolloutStateSchema = z.object({
  version: z.string(),
  /** The percentages it will pass through, the current one first among those left. */
  steps: z.array(z.number()),
  percent: z.number(),
  stepStartedAt: z.string(),
});
export type ReleaseRolloutState = z.infer<typeof releaseRolloutStateSchema>;

export const remoteReleaseOverviewSchema = z.object({
  remote: z.enum(TELEMETRY_REMOTES),
  live: releaseOverviewVersionSchema.nullable(),
  canary: releaseOverviewVersionSchema.nullable(),
  rollout: releaseRolloutStateSchema.nullable(),
  /** Newest first, at most 20. */
  history: z.array(releaseHistoryItemSchema),
});
export type RemoteReleaseOverview = z.infer<typeof remoteReleaseOverviewSchema>;

/** `POST /api/releases/:remote/rollback`: the same as `pnpm release rollback <remote>` (a canary ends first). */
export const releaseRemoteParamsSchema = z.object({ remote: z.enum(TELEMETRY_REMOTES) });
export type ReleaseRemoteParams = z.infer<typeof releaseRemoteParamsSchema>;

const seenVersion = z.string().max(200).nullable();

/**
 * The rollback's body: the live and canary versions the admin saw when they confirmed it. The server refuses (409)
 * when the remote has changed since, so a rollback never undoes a change the admin has not seen.
 */
export const releaseRollbackBodySchema = z.strictObject({
  expected: z.strictObject({ live: seenVersion, canary: seenVersion }),
});
export type ReleaseRollbackBody = z.infer<typeof releaseRollbackBodySchema>;

/**
 * What the API writes beside the release registry at every rollout tick for `pnpm release list`, which holds
 * neither the API's database nor an admin token: each version the registry names, with its figures.
 */
export interface ReleaseFiguresSnapshot {
  writtenAt: string;
  remotes: Record<
    string,
    Record<string, { since: string | null; lastHour: ReleaseFigures; sinceLive: ReleaseFigures }>
  >;
}
