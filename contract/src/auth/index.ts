export { AuthContext, signedOutAuth, useAuth } from './AuthContext';
export type { AuthContextValue, SignedInIdentity, SignupInput } from './auth-types';
export { createSessionStore, SIGNED_OUT } from './session-store';
export type { SessionState, SessionStore } from './session-store';
export type { Role, SignupRole } from './roles';
export { renewAfterUnauthorized, setUnauthorizedHandler } from './session-renewal';
export type { UnauthorizedHandler } from './session-renewal';
