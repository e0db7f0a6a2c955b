import type { SignedInIdentity } from '@bookswap/contract/auth';
import type { FirebaseSettings } from '@bookswap/contract/config';
import { askForEmulatorGoogleAccount, emulatorGoogleIdToken } from './emulator-google-account';

/**
 * The hosted identity provider as the shell's sign-in needs it. Firebase stays behind this interface (and
 * in this file alone), so the rest of the shell and every remote see only `useAuth()`.
 */
export interface IdentityProvider {
  /** Called on every sign-in and sign-out; the first call reports the session restored at start-up. */
  onChange(listener: (identity: SignedInIdentity | null) => void): () => void;
  /**
   * Settles once the provider has restored the session it keeps from an earlier page load (or found none). Until
   * then `current()` answers null even for a person who is signed in.
   */
  restored(): Promise<void>;
  current(): SignedInIdentity | null;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: { email: string; password: string; name: string; photoURL?: string }): Promise<void>;
  googleSignIn(): Promise<void>;
  signOut(): Promise<void>;
  /** Deletes the signed-in account: a sign-up that could not be completed is undone, so it can be retried. */
  deleteAccount(): Promise<void>;
  /** Emails the signed-in account a link that proves the address is theirs (the server asks for it first). */
  sendEmailVerification(): Promise<void>;
  /** Emails a link to choose a new password, when the address has an account ("Forgot password?"). */
  sendPasswordReset(email: string): Promise<void>;
  /** The provider's ID token; a new one when forced or when the current one is older than maxAgeSeconds. */
  idToken(options?: { forceRefresh?: boolean; maxAgeSeconds?: number }): Promise<string>;
}

/** The local default: the Auth emulator that `npm start` and the browser tests run (project demo-bookswap). */
export const LOCAL_FIREBASE_SETTINGS: FirebaseSettings = {
  apiKey: 'demo-key',
  authDomain: 'demo-bookswap.firebaseapp.com',
  projectId: 'demo-bookswap',
  emulatorUrl: 'http://127.0.0.1:9099',
};

/**
 * Keeps the first successful load of `load` and shares it; a failed one is forgotten, so the next call loads
 * again instead of failing with the old error for the rest of the page's life.
 */
export function loadOnceSucceeded<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}

let firebaseConnection: (() => Promise<IdentityProvider>) | null = null;

/**
 * Connects once per page: Firebase allows one default app, and React's development double effects must not
 * create a second. Firebase is imported dynamically so its code loads beside, not inside, the shell's entry;
 * when that download fails, the next sign-in tries it again.
 */
export function connectFirebase(settings: FirebaseSettings = LOCAL_FIREBASE_SETTINGS): Promise<IdentityProvider> {
  firebaseConnection ??= loadOnceSucceeded(() => createFirebaseProvider(settings));
  return firebaseConnection();
}

/** Starts downloading the SDK when a sign-in screen opens, so pressing Login does not wait for it. */
export function preloadFirebase(): void {
  void Promise.all([import('firebase/app'), import('firebase/auth')]).catch(() => undefined);
}

async function createFirebaseProvider(settings: FirebaseSettings): Promise<IdentityProvider> {
  const [{ getApps, initializeApp }, firebaseAuth] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const {
    connectAuthEmulator,
    createUserWithEmailAndPassword,
    deleteUser,
    getAuth,
    GoogleAuthProvider,
    onAuthStateChanged,
    sendEmailVerification,
    sendPasswordResetEmail,
    signInWithEmailAndPassword,
    signInWithCredential,
    signInWithPopup,
    signOut,
    updateProfile,
  } = firebaseAuth;
  // A connection that failed after creating the app (there is one default app per page) reuses it on retry.
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
    });
  const auth = getAuth(app);
  if (settings.emulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, settings.emulatorUrl, { disableWarnings: true });
  }

  const identityOf = (user: import('firebase/auth').User | null): SignedInIdentity | null =>
    user && { uid: user.uid, displayName: user.displayName, photoURL: user.photoURL, email: user.email };

  return {
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(identityOf(user))),
    restored: () => auth.authStateReady(),
    current: () => identityOf(auth.currentUser),
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signUp({ email, password, name, photoURL }) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      try {
        // The emulator refuses a null photoURL; a new account has no photo to clear anyway.
        await updateProfile(user, photoURL ? { displayName: name, photoURL } : { displayName: name });
      } catch (error) {
        await deleteUser(user).catch(() => undefined);
        throw error;
      }
    },
    async googleSignIn() {
      if (!settings.emulatorUrl) {
        await signInWithPopup(auth, new GoogleAuthProvider());
        return;
      }
      const account = await askForEmulatorGoogleAccount();
      await signInWithCredential(auth, GoogleAuthProvider.credential(emulatorGoogleIdToken(account)));
    },
    signOut: () => signOut(auth),
    async deleteAccount() {
      if (auth.currentUser) await deleteUser(auth.currentUser);
    },
    async sendEmailVerification() {
      if (auth.currentUser) await sendEmailVerification(auth.currentUser);
    },
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    async idToken({ forceRefresh = false, maxAgeSeconds } = {}) {
      const user = auth.currentUser;
      if (!user) throw new Error('You are signed out. Please log in again.');
      if (forceRefresh || maxAgeSeconds === undefined) return user.getIdToken(forceRefresh);
      const result = await user.getIdTokenResult();
      const ageMs = Date.now() - Date.parse(result.issuedAtTime);
      return ageMs > maxAgeSeconds * 1000 ? user.getIdToken(true) : result.token;
    },
  };
}
