import { sql } from 'drizzle-orm';
import { defineRoute } from '../http/route';

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    access: 'public',
    async handler(_input, { db }) {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    },
  }),
];
