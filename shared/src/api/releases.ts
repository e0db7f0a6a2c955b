import type { RemoteReleaseOverview, TelemetryRemote } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';

/** Each remote's live and canary releases with their health figures, rollout and recent history (admin only). */
export const getReleaseOverview = () => apiRequest<RemoteReleaseOverview[]>('/api/releases', { auth: true });

/**
 * The same as `pnpm release rollback <remote>`: ends a running canary, or else makes the previous live release live
 * again. Answers the remote's overview after the change; a 409 says why when there is nothing to roll back.
 */
export const rollBackRelease = (remote: TelemetryRemote) =>
  apiRequest<RemoteReleaseOverview>(`/api/releases/${encodeURIComponent(remote)}/rollback`, {
    method: 'POST',
    auth: true,
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
