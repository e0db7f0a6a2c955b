import { createSessionStore, SIGNED_OUT } from './session-store';

const seller = {
  user: { uid: 'u1', displayName: 'Sam', photoURL: null, email: 'seller@bookswap.test' },
  role: 'seller' as const,
  verify: true,
  loading: false,
};

describe('the session store', () => {
  it('starts loading, so nobody is judged before the identity provider has reported', () => {
    expect(createSessionStore().getSnapshot().loading).toBe(true);
  });

  it('tells subscribers about each change and stops after they unsubscribe', () => {
    const store = createSessionStore();
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().loading));
    store.set(SIGNED_OUT);
    unsubscribe();
    store.set(seller);
    expect(seen).toEqual([false]);
  });

  it('settles once the role has loaded, with the signed-in user', async () => {
    const store = createSessionStore();
    const settled = store.settled();
    store.set((previous) => ({ ...previous, user: seller.user }));
    store.set(seller);
    await expect(settled).resolves.toEqual(seller);
  });

  it('settles at once when nothing is loading', async () => {
    await expect(createSessionStore(SIGNED_OUT).settled()).resolves.toBe(SIGNED_OUT);
  });
});
