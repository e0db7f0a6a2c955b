import { defineRoute } from '../http/route';
import { checkHealth } from '../services/health';

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    access: 'public',
    handler: (_input, deps) => checkHealth(deps.db),
  }),
];
