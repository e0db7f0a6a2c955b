import {
  API_CALLS,
  releaseRemoteParamsSchema,
  releaseRollbackBodySchema,
  type RemoteReleaseOverview,
} from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { listReleases, rollBackFromAdminScreen } from '../services/releases/releases';

/** The admin Releases screen (decision 025): the release registry with each release's health figures. */
export const releaseRoutes = [
  defineRoute({
    ...served(API_CALLS.releaseOverview),
    access: 'admin',
    rule: 'every remote: live and canary with their figures over the last hour and since they went live, the rollout, the newest 20 changes',
    async handler(_input, deps): Promise<RemoteReleaseOverview[]> {
      return listReleases(deps);
    },
  }),

  defineRoute({
    ...served(API_CALLS.rollBackRelease),
    access: 'admin',
    rule: 'as `pnpm release rollback <remote>`: ends a canary first, else the previous live release, through the promote gate; 409 when there is none, when it would strand a release or when live or canary changed since the admin saw them; audited',
    rateLimit: 'write',
    params: releaseRemoteParamsSchema,
    // Optional so an older admin screen can still roll back in an emergency; the current screen always sends it.
    body: releaseRollbackBodySchema.optional(),
    async handler({ params, body, caller }, deps): Promise<RemoteReleaseOverview> {
      return rollBackFromAdminScreen(deps, params.remote, caller, body?.expected);
    },
  }),
];
