import type { ReleaseRollbackBody, TelemetryRemote } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { releaseOverview, rollBackRelease: rollBack } = API_CALLS;

/** Each remote's live and canary releases with their health figures, rollout and recent history (admin only). */
export const getReleaseOverview = () =>
  apiRequest(apiPath(releaseOverview), { auth: true, answer: releaseOverview.answer });

/** A rollback as the admin confirmed it: the remote, and its live and canary versions as the screen showed them. */
export type ReleaseRollback = { remote: TelemetryRemote } & ReleaseRollbackBody;

/**
 * The same as `pnpm release rollback <remote>`: ends a running canary, or else makes the previous live release live
 * again. Answers the remote's overview after the change; a 409 says why when there is nothing to roll back, when
 * the gate refuses it, or when live or canary changed since the screen showed them.
 */
export const rollBackRelease = ({ remote, expected }: ReleaseRollback) =>
  apiRequest(apiPath(rollBack, { remote }), {
    method: rollBack.method,
    auth: true,
    body: { expected },
    answer: rollBack.answer,
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
