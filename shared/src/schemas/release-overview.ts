import { z } from 'zod';
import './jitless-zod';
import type { HistoryEntry } from '../releases/registry';
import { TELEMETRY_REMOTES, type TelemetryRemote } from './telemetry';

/**
 * What a team sees of its releases (decision 025): `pnpm release list`, the admin Releases screen and the
 * automatic canary all read these figures from the release-health counters (docs/decisions/025).
 */

/** One release's health over a period. Rates are fractions (0.012 = 1.2 %); null when there were no page loads. */
export interface ReleaseFigures {
  pageLoads: number;
  /** Page loads in which the remote failed to load, at any stage. */
  loadFailures: number;
  /** Errors its area's error boundary caught. */
  errorsCaught: number;
  /**
   * Page loads whose public page the shell's server failed to render with this release (docs/decisions/066); absent
   * from an API released before it counted them.
   */
  serverRenderFailures?: number;
  /** (load failures + page loads with a caught error, counted as caught errors + render failures) / page loads. */
  errorRate: number | null;
  /** p75 in milliseconds, null without samples. */
  lcpP75: number | null;
  inpP75: number | null;
}

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

export type ReleaseRole = 'live' | 'canary' | 'kept';

export interface ReleaseOverviewVersion {
  version: string;
  role: ReleaseRole;
  /** The canary's share of browsers (1-99); null for live and kept releases. */
  percent: number | null;
  /** When it last became live or canary (ISO), null for a release never promoted. */
  since: string | null;
  lastHour: ReleaseFigures;
  sinceLive: ReleaseFigures;
}

/**
 * One change of the registry, as the history records it (a decision of the automatic canary carries its reason and
 * figures): the registry's own entry, its action as text.
 */
export type ReleaseHistoryItem = Omit<HistoryEntry, 'action'> & { action: string };

/** An automatic rollout in progress (`--auto`). */
export interface ReleaseRolloutState {
  version: string;
  /** The percentages it will pass through, the current one first among those left. */
  steps: number[];
  percent: number;
  stepStartedAt: string;
}

export interface RemoteReleaseOverview {
  remote: TelemetryRemote;
  live: ReleaseOverviewVersion | null;
  canary: ReleaseOverviewVersion | null;
  rollout: ReleaseRolloutState | null;
  /** Newest first, at most 20. */
  history: ReleaseHistoryItem[];
}

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
