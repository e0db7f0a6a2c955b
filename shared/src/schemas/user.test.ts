import type { Role as SessionRole, SignupRole as SessionSignupRole } from '@bookswap/contract/auth';
import { ROLES, roleSchema, signupRoleSchema, type Role, type SignupRole } from './user';

/** True only when both types hold exactly the same values. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('roles on the wire and in the session', () => {
  it('the schemas check the roles the runtime contract names (a drift fails to compile)', () => {
    const rolesAgree: Same<Role, SessionRole> = true;
    const signupRolesAgree: Same<SignupRole, SessionSignupRole> = true;
    expect([rolesAgree, signupRolesAgree]).toEqual([true, true]);
    expect(ROLES.map((role) => roleSchema.safeParse(role).success)).toEqual([true, true, true]);
    expect(signupRoleSchema.safeParse('admin').success).toBe(false);
  });
});
