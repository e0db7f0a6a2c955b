import { defineRoute } from '../http/route';
import { checkHealth } from '../services/health';

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    access: 'public',
    async handler(_input, { db }) {
      return checkHealth(db);
    },
  }),
];
