import type { Role, SignupRole } from '../schemas/user';

/** SPEC 3: the signed-in identity as the identity provider reports it. */
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

export interface AuthContextValue {
  user: SignedInIdentity | null;
  /** Read from the user record (GET /api/user/list/{email}); null while unknown or signed out. */
  role: Role | null;
  verify: boolean;
  /** True until the identity provider has reported, and while a sign-in action or the role look-up runs. */
  loading: boolean;
  login(email: string, password: string): Promise<void>;
  signup(input: SignupInput): Promise<void>;
  googleSignIn(): Promise<void>;
  logout(): Promise<void>;
}
