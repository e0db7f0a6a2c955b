import type { Role } from '@bookswap/contract/auth';

/** The standalone host's fake signed-in user: an admin, the role these screens are built for. */
export const DEV_HOST: { title: string; role: Role } = { title: 'Admin', role: 'admin' };
