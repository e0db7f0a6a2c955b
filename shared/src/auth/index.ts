export { AuthContext, signedOutAuth, useAuth } from './AuthContext';
export type { AuthContextValue, SignedInIdentity, SignupInput } from './auth-types';
export { createSessionStore, SIGNED_OUT } from './session-store';
export type { SessionState, SessionStore } from './session-store';
export type { Role } from '../schemas/user';
