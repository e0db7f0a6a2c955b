export { AuthContext, signedOutAuth, useAuth } from './AuthContext';
export type { AuthContextValue, SignedInIdentity, SignupInput } from './auth-types';
export type { Role } from '../schemas/user';
