import { releaseRemoteParamsSchema, type RemoteReleaseOverview } from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import { listReleases, rollBackFromAdminScreen } from '../services/releases/releases';

/** The admin Releases screen (decision 025): the release registry with each release's health figures. */
export const releaseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/releases',
    access: 'admin',
    rule: 'every remote: live and canary with their figures over the last hour and since they went live, the rollout, the newest 20 changes',
    async handler(_input, deps): Promise<RemoteReleaseOverview[]> {
      return listReleases(deps);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/releases/:remote/rollback',
    access: 'admin',
    rule: 'as `pnpm release rollback <remote>`: ends a canary first, else the previous live release; 409 when there is none; the history names the admin',
    rateLimit: 'write',
    params: releaseRemoteParamsSchema,
    async handler({ params, caller }, deps): Promise<RemoteReleaseOverview> {
      return rollBackFromAdminScreen(deps, params.remote, caller.user.email);
    },
  }),
];
