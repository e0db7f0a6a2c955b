import { API_CALLS } from '@bookswap/shared/schemas';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import { checkHealth } from '../services/health';

export const healthRoutes = [
  defineRoute({
    ...served(API_CALLS.health),
    access: 'public',
    handler: (_input, deps) => checkHealth(deps.db),
  }),
];
