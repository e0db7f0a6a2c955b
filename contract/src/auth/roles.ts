/**
 * product.md §2: who a signed-in person is. The contract names them so the session and the route rules need no
 * schema library; `@bookswap/shared/schemas` checks the same three on the wire (its user.test.ts keeps them equal).
 */
export type Role = 'buyer' | 'seller' | 'admin';

/** Roles a person may pick at sign-up; admins are granted by server configuration only. */
export type SignupRole = Exclude<Role, 'admin'>;
