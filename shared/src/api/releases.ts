import type { ReleaseRollbackBody, RemoteReleaseOverview, TelemetryRemote } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

/** Each remote's live and canary releases with their health figures, rollout and recent history (admin only). */
export const getReleaseOverview = () => apiRequest<RemoteReleaseOverview[]>('/api/releases', { auth: true });

/** A rollback as the admin confirmed it: the remote, and its live and canary versions as the screen showed them. */
export type ReleaseRollback = { remote: TelemetryRemote } & ReleaseRollbackBody;

/**
 * The same as `pnpm release rollback <remote>`: ends a running canary, or else makes the previous live release live
 * again. Answers the remote's overview after the change; a 409 says why when there is nothing to roll back, when
 * the gate refuses it, or when live or canary changed since the screen showed them.
 */
export const rollBackRelease = ({ remote, expected }: ReleaseRollback) =>
  apiRequest<RemoteReleaseOverview>(`/api/releases/${encodeURIComponent(remote)}/rollback`, {
    method: 'POST',
    auth: true,
    body: { expected },
  });

/** Cache keys of the release GET above; `all` after a rollback. */
export const releaseKeys = {
  all: inFamily('releases'),
  overview: () => ['releases', 'overview'] as const,
};

/** What screens read of releases: the query's key beside its call. */
export const releaseQueries = {
  overview: () => apiQuery(releaseKeys.overview(), getReleaseOverview),
};
