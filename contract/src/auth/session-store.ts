import type { Role } from './roles';
import type { SignedInIdentity } from './auth-types';

/** The sign-in state without the actions: what guards and route loaders judge by. */
export interface SessionState {
  user: SignedInIdentity | null;
  /** Read from the user record; null while unknown or signed out. */
  role: Role | null;
  verify: boolean;
  /** True until the identity provider has reported, and while a sign-in action or the role look-up runs. */
  loading: boolean;
}

export const SIGNED_OUT: SessionState = { user: null, role: null, verify: false, loading: false };

/**
 * The sign-in state as a store readable outside React (`getSnapshot`, `subscribe`, as
 * `useSyncExternalStore` wants them), so the shell's route loaders can refuse a visitor before a
 * remote is downloaded or an API is called.
 */
export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  set(next: SessionState | ((previous: SessionState) => SessionState)): void;
  /** The state once nothing is loading any more. */
  settled(): Promise<SessionState>;
}

export function createSessionStore(initial: SessionState = { ...SIGNED_OUT, loading: true }): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: SessionStore = {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      const value = typeof next === 'function' ? next(state) : next;
      if (value === state) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    settled() {
      if (!state.loading) return Promise.resolve(state);
      return new Promise((resolve) => {
        const unsubscribe = store.subscribe(() => {
          if (state.loading) return;
          unsubscribe();
          resolve(state);
        });
      });
    },
  };
  return store;
}
