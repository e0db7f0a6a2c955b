import type { Role } from './user';

export interface DemoUser {
  email: string;
  password: string;
  userName: string;
  role: Role;
  verify: boolean;
}

/**
 * The seeded demo accounts, read by the server's seed and by the sign-in emulator's seed alike, so
 * both always agree. Local development only: these passwords are published in the README.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@bookswap.test', password: 'admin123', userName: 'Ada Admin', role: 'admin', verify: false },
  { email: 'seller@bookswap.test', password: 'seller123', userName: 'Sam Seller', role: 'seller', verify: true },
  { email: 'seller2@bookswap.test', password: 'seller123', userName: 'Nia Newseller', role: 'seller', verify: false },
  { email: 'buyer@bookswap.test', password: 'buyer123', userName: 'Bea Buyer', role: 'buyer', verify: false },
  { email: 'buyer2@bookswap.test', password: 'buyer123', userName: 'Bo Buyer', role: 'buyer', verify: false },
];
