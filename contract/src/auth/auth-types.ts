import type { SignupRole } from './roles';
import type { SessionState } from './session-store';

/** product.md §3: the signed-in identity as the identity provider reports it. */
export interface SignedInIdentity {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
}

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  photoURL?: string;
  role: SignupRole;
}

export interface AuthContextValue extends SessionState {
  login(email: string, password: string): Promise<void>;
  signup(input: SignupInput): Promise<void>;
  googleSignIn(): Promise<void>;
  logout(): Promise<void>;
}
