import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { getMyBookings } from '@bookswap/shared/api';
import { useAuth, type AuthContextValue, type SignedInIdentity } from '@bookswap/contract/auth';
import { setRuntimeConfig } from '@bookswap/contract/config';
import { AuthProvider } from './AuthProvider';
import type { IdentityProvider } from './identity-provider';
import { LoginPage } from './LoginPage';
import { usePasswordReset, type SendPasswordReset } from './password-reset';
import { pending } from './render-sign-in';
import { SIGN_OUT_EVERYWHERE_FAILED_MESSAGE } from './session-controller';
import { useLogOutEverywhere, type LogOutEverywhere } from './sign-out-everywhere';

/** The identity provider as the shell sees it, played by the test: accounts in memory, reports on demand. */
class FakeIdentityProvider implements IdentityProvider {
  user: SignedInIdentity | null = null;
  idTokens = 0;
  signInError: Error | null = null;
  googleIdentity: SignedInIdentity = {
    uid: 'g-1',
    displayName: 'Gia Google',
    photoURL: 'https://photo.test/g.png',
    email: 'gia@gmail.test',
  };
  private listeners = new Set<(identity: SignedInIdentity | null) => void>();
  /** Like Firebase's authStateReady(): settles with the first report. */
  private firstReport = pending<void>();

  onChange(listener: (identity: SignedInIdentity | null) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Like Firebase's first report at start-up: once the shell listens, it learns the restored session. */
  async restore(identity: SignedInIdentity | null) {
    await waitFor(() => expect(this.listeners.size).toBe(1));
    act(() => this.report(identity));
  }
  report(identity: SignedInIdentity | null) {
    this.firstReport.resolve();
    this.user = identity;
    for (const listener of this.listeners) listener(identity);
  }
  restored() {
    return this.firstReport.promise;
  }
  current() {
    return this.user;
  }
  async signIn(email: string) {
    if (this.signInError) throw this.signInError;
    this.report({ uid: `uid-${email}`, displayName: email.split('@')[0]!, photoURL: null, email });
  }
  async signUp({ email, name, photoURL }: { email: string; name: string; photoURL?: string }) {
    this.report({ uid: `uid-${email}`, displayName: null, photoURL: null, email });
    this.user = { ...this.user!, displayName: name, photoURL: photoURL ?? null };
  }
  async googleSignIn() {
    this.report(this.googleIdentity);
  }
  signOut = jest.fn(async () => this.report(null));
  deleteAccount = jest.fn(async () => this.report(null));
  sendEmailVerification = jest.fn(async () => undefined);
  sendPasswordReset = jest.fn(async (_email: string) => undefined);
  idToken = jest.fn(async (options?: { forceRefresh?: boolean; maxAgeSeconds?: number }) => {
    if (!this.user) throw new Error('signed out');
    if (options?.forceRefresh || this.idTokens === 0) this.idTokens += 1;
    return `id-token-${this.idTokens}`;
  });
}

interface Call {
  method: string;
  path: string;
  authorization?: string;
  body?: unknown;
}

/** The API server at the network boundary: user records by email, access tokens for ID tokens. */
function fakeServer(records: Record<string, { role: 'buyer' | 'seller' | 'admin'; verify?: boolean }>) {
  const calls: Call[] = [];
  let tokenCount = 0;
  const expiredTokens = new Set<string>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const handler = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const authorization = (init?.headers as Record<string, string> | undefined)?.authorization;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init?.method ?? 'GET';
    calls.push({ method, path: `${url.pathname}${url.search}`, authorization, body });
    if (url.origin === 'http://sync.test') return new Response(null, { status: 204 });
    if (url.pathname === '/api/jwt/list') {
      const email = url.searchParams.get('email')!;
      if (!authorization?.startsWith('Bearer id-token-')) return json(401, { message: 'ID token required' });
      if (!records[email]) return json(404, { message: 'No user record' });
      tokenCount += 1;
      return json(200, { accessToken: `access-${tokenCount}` });
    }
    if (url.pathname === '/api/user/create') {
      if (records[body.userEmail]) return json(409, { message: 'exists' });
      records[body.userEmail] = { role: body.role };
      return json(200, { acknowledged: true, insertedId: 'new-id' });
    }
    const bearer = authorization?.replace('Bearer ', '');
    if (!bearer?.startsWith('access-') || expiredTokens.has(bearer)) return json(401, { message: 'expired' });
    if (url.pathname.startsWith('/api/user/list/')) {
      const email = decodeURIComponent(url.pathname.split('/').pop()!);
      const record = records[email];
      if (!record) return json(404, { message: 'No user record' });
      return json(200, {
        _id: 'u1',
        userName: email,
        userEmail: email,
        role: record.role,
        verify: record.verify ?? false,
      });
    }
    if (url.pathname === '/api/booking/list') return json(200, []);
    if (url.pathname === '/api/jwt/logout') return json(200, { acknowledged: true, modifiedCount: 1 });
    return json(404, { message: 'unknown' });
  });
  return { handler, calls, records, expire: (token: string) => expiredTokens.add(token) };
}

let latest: AuthContextValue;
function Probe() {
  latest = useAuth();
  const { user, role, loading } = latest;
  return (
    <p data-testid="auth">
      {loading ? 'loading' : 'settled'} | {user ? `${user.displayName} <${user.email}>` : 'signed out'} |{' '}
      {role ?? 'no role'}
    </p>
  );
}
const shown = () => screen.getByTestId('auth').textContent;
/** A visitor with no stored session: settled as signed out without asking the identity provider. */
const settledSignedOut = () => waitFor(() => expect(shown()).toBe('settled | signed out | no role'));

/** Runs an action inside act and settles with it (act itself may settle before a failing action does). */
async function attempt(action: () => Promise<void>): Promise<void> {
  let outcome: PromiseSettledResult<void> | undefined;
  await act(async () => {
    [outcome] = await Promise.allSettled([action()]);
  });
  if (outcome?.status === 'rejected') throw outcome.reason;
}

function renderProvider(identity: FakeIdentityProvider, connect = jest.fn(async () => identity)) {
  return render(
    <AuthProvider connect={connect}>
      <Probe />
      <ToastContainer />
    </AuthProvider>,
  );
}

/** Bea, signed in as a buyer, whose access token the server has just stopped accepting. */
async function signedInWithExpiredToken(identity: FakeIdentityProvider) {
  const server = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } });
  global.fetch = server.handler as typeof fetch;
  const page = renderProvider(identity);
  await settledSignedOut();
  await act(() => latest.login('bea@bookswap.test', 'buyer123'));
  server.expire('access-1');
  return { server, page };
}

describe('the sign-in state behind useAuth()', () => {
  let identity: FakeIdentityProvider;
  beforeEach(() => {
    identity = new FakeIdentityProvider();
    localStorage.clear();
    setRuntimeConfig({ apiUrl: 'http://api.test' });
  });

  it('stays loading until the provider reports and the role look-up has answered', async () => {
    const server = fakeServer({ 'sam@bookswap.test': { role: 'seller', verify: true } });
    let answerRole!: () => void;
    const roleAnswered = new Promise<void>((resolve) => (answerRole = resolve));
    let roleAsked = false;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/user/list/')) {
        roleAsked = true;
        await roleAnswered;
      }
      return server.handler(input, init);
    }) as typeof fetch;
    localStorage.setItem('accessToken', 'access-0');
    renderProvider(identity);
    expect(shown()).toMatch(/^loading/);
    await identity.restore({ uid: 's', displayName: 'Sam', photoURL: null, email: 'sam@bookswap.test' });
    await waitFor(() => expect(roleAsked).toBe(true));
    expect(shown()).toMatch(/^loading/);
    answerRole();
    await waitFor(() => expect(shown()).toBe('settled | Sam <sam@bookswap.test> | seller'));
    expect(latest.verify).toBe(true);
  });

  it('a stored session whose sign-in the provider no longer holds is signed out, says so, and is forgotten', async () => {
    // As after "Log out of all devices" on another device: the provider refuses the kept sign-in at start-up.
    global.fetch = fakeServer({}).handler as typeof fetch;
    localStorage.setItem('accessToken', 'left-over');
    renderProvider(identity);
    await identity.restore(null);
    await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('keeps a session across a reload: the stored access token is reused, the role read again', async () => {
    const server = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } });
    global.fetch = server.handler as typeof fetch;
    localStorage.setItem('accessToken', 'access-7');
    renderProvider(identity);
    await identity.restore({ uid: 'b', displayName: 'Bea', photoURL: null, email: 'bea@bookswap.test' });
    await waitFor(() => expect(shown()).toBe('settled | Bea <bea@bookswap.test> | buyer'));
    expect(server.calls.map((call) => call.path)).toEqual(['/api/user/list/bea%40bookswap.test']);
    expect(server.calls[0]!.authorization).toBe('Bearer access-7');
  });

  it('does not load the identity provider for a visitor without a session until a sign-in begins', async () => {
    global.fetch = fakeServer({ 'sam@bookswap.test': { role: 'seller' } }).handler as typeof fetch;
    const connect = jest.fn(async () => identity);
    renderProvider(identity, connect);
    await settledSignedOut();
    expect(connect).not.toHaveBeenCalled();
    await act(() => latest.login('sam@bookswap.test', 'seller123'));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('settled | sam <sam@bookswap.test> | seller');
    // Once connected it listens: a sign-out in another tab reaches this one.
    act(() => identity.report(null));
    await settledSignedOut();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('connects when another tab signs in, and takes over that session', async () => {
    global.fetch = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } }).handler as typeof fetch;
    const connect = jest.fn(async () => identity);
    renderProvider(identity, connect);
    await settledSignedOut();
    localStorage.setItem('accessToken', 'access-9');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'access-9' }));
    });
    await identity.restore({ uid: 'b', displayName: 'Bea', photoURL: null, email: 'bea@bookswap.test' });
    await waitFor(() => expect(shown()).toBe('settled | Bea <bea@bookswap.test> | buyer'));
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('logs in: trades the ID token for an access token, stores it and reads the role with it', async () => {
    const server = fakeServer({ 'sam@bookswap.test': { role: 'seller' } });
    global.fetch = server.handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await act(() => latest.login('sam@bookswap.test', 'seller123'));
    expect(shown()).toBe('settled | sam <sam@bookswap.test> | seller');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(server.calls.map(({ method, path, authorization }) => `${method} ${path} ${authorization}`)).toEqual([
      'GET /api/jwt/list?email=sam%40bookswap.test Bearer id-token-1',
      'GET /api/user/list/sam%40bookswap.test Bearer access-1',
    ]);
  });

  it('signs up: records the chosen role first, shows the success toast, then fetches the token', async () => {
    const server = fakeServer({});
    global.fetch = server.handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await act(() =>
      latest.signup({
        name: 'Sid Seller',
        email: 'sid@bookswap.test',
        password: 'seller123',
        role: 'seller',
        photoURL: '',
      }),
    );
    expect(shown()).toBe('settled | Sid Seller <sid@bookswap.test> | seller');
    const create = server.calls.find((call) => call.path === '/api/user/create')!;
    expect(create).toMatchObject({
      method: 'POST',
      authorization: 'Bearer id-token-1',
      body: { userEmail: 'sid@bookswap.test', userName: 'Sid Seller', role: 'seller' },
    });
    expect(server.calls.indexOf(create)).toBe(0);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(await screen.findByText('user created succrssfully')).toBeInTheDocument();
  });

  it('a first Google sign-in creates a buyer record, a second one reuses it', async () => {
    const server = fakeServer({});
    global.fetch = server.handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await act(() => latest.googleSignIn());
    expect(shown()).toBe('settled | Gia Google <gia@gmail.test> | buyer');
    expect(server.records['gia@gmail.test']).toEqual({ role: 'buyer' });
    expect(server.calls.find((call) => call.path === '/api/user/create')!.body).toEqual({
      userEmail: 'gia@gmail.test',
      userName: 'Gia Google',
      role: 'buyer',
    });

    await act(() => latest.logout());
    server.calls.length = 0;
    await act(() => latest.googleSignIn());
    expect(server.calls.filter((call) => call.path === '/api/user/create')).toHaveLength(0);
  });

  describe('an account whose email is not verified yet', () => {
    const VERIFY_FIRST = 'Please verify your email address first. We have sent you a verification link.';
    /** The server outside emulator mode: identity calls of this unverified address answer 403. */
    function serverRefusingUnverified(records: Parameters<typeof fakeServer>[0]) {
      const server = fakeServer(records);
      global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input)).pathname;
        if (path === '/api/jwt/list' || path === '/api/user/create') {
          return new Response(JSON.stringify({ message: VERIFY_FIRST, field: 'email_verified' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          });
        }
        return server.handler(input, init);
      }) as typeof fetch;
      return server;
    }

    it('logging in sends the verification email, says so, and stays signed out', async () => {
      serverRefusingUnverified({ 'una@bookswap.test': { role: 'buyer' } });
      renderProvider(identity);
      await settledSignedOut();
      await expect(attempt(() => latest.login('una@bookswap.test', 'secret123'))).rejects.toThrow(VERIFY_FIRST);
      expect(identity.sendEmailVerification).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
      expect(localStorage.getItem('accessToken')).toBeNull();
    });

    it('signing up keeps the new account, sends the verification email and says so', async () => {
      serverRefusingUnverified({});
      renderProvider(identity);
      await settledSignedOut();
      await expect(
        attempt(() =>
          latest.signup({
            name: 'Una',
            email: 'una@bookswap.test',
            password: 'secret123',
            role: 'seller',
            photoURL: '',
          }),
        ),
      ).rejects.toThrow(VERIFY_FIRST);
      expect(identity.sendEmailVerification).toHaveBeenCalledTimes(1);
      expect(identity.deleteAccount).not.toHaveBeenCalled();
      await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
    });

    it('a seller who signs up before verifying becomes a seller at the first sign-in after the link', async () => {
      const records: Parameters<typeof fakeServer>[0] = {};
      serverRefusingUnverified(records);
      renderProvider(identity);
      await settledSignedOut();
      const signup = { name: 'Una', email: 'una@bookswap.test', password: 'secret123', role: 'seller' as const };
      await expect(attempt(() => latest.signup({ ...signup, photoURL: '' }))).rejects.toThrow(VERIFY_FIRST);
      await act(() => identity.signOut());

      // The link was followed: the server now takes this address.
      const server = fakeServer(records);
      global.fetch = server.handler as typeof fetch;
      await act(() => latest.login(signup.email, signup.password));
      await waitFor(() => expect(shown()).toBe('settled | una <una@bookswap.test> | seller'));
      const created = server.calls.find((call) => call.path === '/api/user/create');
      expect(created?.body).toEqual({ userEmail: 'una@bookswap.test', userName: 'Una', role: 'seller' });
    });
  });

  it("passes the provider's error on and stays signed out", async () => {
    global.fetch = fakeServer({}).handler as typeof fetch;
    identity.signInError = new Error('Firebase: Error (auth/wrong-password).');
    renderProvider(identity);
    await settledSignedOut();
    await expect(attempt(() => latest.login('bea@bookswap.test', 'nope-nope'))).rejects.toThrow('auth/wrong-password');
    await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
  });

  it('undoes a half sign-in when the server gives no access token', async () => {
    const server = fakeServer({});
    server.handler.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    global.fetch = server.handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await expect(attempt(() => latest.login('bea@bookswap.test', 'buyer123'))).rejects.toThrow(/cannot be reached/);
    expect(identity.signOut).toHaveBeenCalled();
    await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('removes a new account again when its user record cannot be created, so sign-up can be retried', async () => {
    const server = fakeServer({});
    const answer = server.handler.getMockImplementation()!;
    server.handler.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/user/create')
        ? new Response(JSON.stringify({ message: 'Database is down' }), { status: 500 })
        : answer(input, init),
    );
    global.fetch = server.handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await expect(
      attempt(() => latest.signup({ name: 'Sid', email: 'sid@bookswap.test', password: 'seller123', role: 'seller' })),
    ).rejects.toThrow('Database is down');
    expect(identity.deleteAccount).toHaveBeenCalled();
    await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('after a 401 gets one fresh access token from a fresh ID token and retries the call', async () => {
    const { server } = await signedInWithExpiredToken(identity);
    server.calls.length = 0;
    await expect(getMyBookings('bea@bookswap.test')).resolves.toEqual([]);
    expect(server.calls.map(({ path, authorization }) => `${path} ${authorization}`)).toEqual([
      '/api/booking/list?email=bea%40bookswap.test Bearer access-1',
      '/api/jwt/list?email=bea%40bookswap.test Bearer id-token-2',
      '/api/booking/list?email=bea%40bookswap.test Bearer access-2',
    ]);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(shown()).toBe('settled | bea <bea@bookswap.test> | buyer');
  });

  it('a 401 that comes before the provider restored the stored session waits for it, then renews once', async () => {
    const server = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } });
    global.fetch = server.handler as typeof fetch;
    localStorage.setItem('accessToken', 'access-0');
    server.expire('access-0');
    renderProvider(identity);
    const bookings = getMyBookings('bea@bookswap.test');
    await waitFor(() =>
      expect(server.calls.map((call) => call.path)).toContain('/api/booking/list?email=bea%40bookswap.test'),
    );
    // Time enough for a renewal that did not wait to give up on the missing identity.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(identity.signOut).not.toHaveBeenCalled();

    await identity.restore({ uid: 'b', displayName: 'Bea', photoURL: null, email: 'bea@bookswap.test' });
    await act(() => expect(bookings).resolves.toEqual([]));
    await waitFor(() => expect(shown()).toBe('settled | Bea <bea@bookswap.test> | buyer'));
    expect(server.calls.filter((call) => call.path.startsWith('/api/jwt/list'))).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(identity.signOut).not.toHaveBeenCalled();
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('signs out with a message when no fresh access token can be had', async () => {
    await signedInWithExpiredToken(identity);
    identity.idToken.mockRejectedValueOnce(new Error('Firebase: Error (auth/user-disabled).'));
    await act(() => expect(getMyBookings('bea@bookswap.test')).rejects.toMatchObject({ status: 401 }));
    await waitFor(() => expect(shown()).toBe('settled | signed out | no role'));
    expect(identity.signOut).toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it('two calls answered 401 at the same time share one renewal', async () => {
    const { server } = await signedInWithExpiredToken(identity);
    server.calls.length = 0;
    await act(() =>
      expect(Promise.all([getMyBookings('bea@bookswap.test'), getMyBookings('bea@bookswap.test')])).resolves.toEqual([
        [],
        [],
      ]),
    );
    expect(server.calls.filter((call) => call.path.startsWith('/api/jwt/list'))).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });

  it('keeps the session when a renewal does not get through, and renews on the next 401', async () => {
    await signedInWithExpiredToken(identity);
    identity.idToken.mockRejectedValueOnce(new Error('Firebase: Error (auth/network-request-failed).'));
    await act(() => expect(getMyBookings('bea@bookswap.test')).rejects.toMatchObject({ status: 401 }));
    expect(identity.signOut).not.toHaveBeenCalled();
    expect(shown()).toBe('settled | bea <bea@bookswap.test> | buyer');
    expect(localStorage.getItem('accessToken')).toBe('access-1');

    await act(() => expect(getMyBookings('bea@bookswap.test')).resolves.toEqual([]));
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('logs out: the access token is removed and the provider signs out', async () => {
    global.fetch = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } }).handler as typeof fetch;
    renderProvider(identity);
    await settledSignedOut();
    await act(() => latest.login('bea@bookswap.test', 'buyer123'));
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    await act(() => latest.logout());
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(identity.user).toBeNull();
    expect(shown()).toBe('settled | signed out | no role');
  });

  it('with a token-sync URL, POSTs on sign-in and DELETEs on sign-out with a recent ID token', async () => {
    const server = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } });
    global.fetch = server.handler as typeof fetch;
    setRuntimeConfig({ apiUrl: 'http://api.test', tokenSyncUrl: 'http://sync.test/session' });
    renderProvider(identity);
    await settledSignedOut();
    await act(() => latest.login('bea@bookswap.test', 'buyer123'));
    await waitFor(() => expect(server.calls.some((call) => call.path === '/session')).toBe(true));
    await act(() => latest.logout());
    const syncs = server.calls.filter((call) => call.path === '/session');
    expect(syncs.map((call) => `${call.method} ${call.authorization}`)).toEqual([
      'POST Bearer id-token-1',
      'DELETE Bearer id-token-1',
    ]);
    expect(identity.idToken).toHaveBeenCalledWith({ maxAgeSeconds: 300 });
  });
});

describe('when the identity SDK cannot be loaded', () => {
  beforeEach(() => {
    localStorage.clear();
    setRuntimeConfig({ apiUrl: 'http://api.test' });
  });

  it('Login says so and stops loading; the next Login loads the SDK again and signs in', async () => {
    global.fetch = fakeServer({ 'sam@bookswap.test': { role: 'seller' } }).handler as typeof fetch;
    const identity = new FakeIdentityProvider();
    const connect = jest
      .fn(async (): Promise<IdentityProvider> => identity)
      .mockRejectedValueOnce(new Error('Loading chunk 512 failed.'));
    const router = createMemoryRouter(
      [
        { path: '/login', Component: LoginPage },
        { path: '*', Component: () => <p>Landed home</p> },
      ],
      { initialEntries: ['/login'] },
    );
    render(
      <AuthProvider connect={connect}>
        <Probe />
        <RouterProvider router={router} />
      </AuthProvider>,
    );
    await settledSignedOut();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@bookswap.test');
    await userEvent.type(screen.getByLabelText('Password'), 'seller123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in could not be loaded. Check your connection and try again.',
    );
    expect(shown()).toBe('settled | signed out | no role');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Landed home')).toBeInTheDocument();
    expect(shown()).toBe('settled | sam <sam@bookswap.test> | seller');
    expect(connect).toHaveBeenCalledTimes(2);
    // Loaded now, the SDK is followed: a sign-out in another tab reaches this one.
    act(() => identity.report(null));
    await settledSignedOut();
  });

  it('a stored session that cannot be restored now says so, settles, and keeps what is stored', async () => {
    global.fetch = fakeServer({}).handler as typeof fetch;
    localStorage.setItem('accessToken', 'access-3');
    renderProvider(
      new FakeIdentityProvider(),
      jest.fn(async () => Promise.reject(new Error('Loading chunk failed.'))),
    );
    await settledSignedOut();
    expect(await screen.findByText('Sign-in could not be loaded. Check your connection and try again.')).toBeVisible();
    // The next page load can still restore it.
    expect(localStorage.getItem('accessToken')).toBe('access-3');
  });
});

describe('a reload in the middle of a sign-in', () => {
  let identity: FakeIdentityProvider;
  beforeEach(() => {
    identity = new FakeIdentityProvider();
    localStorage.clear();
    setRuntimeConfig({ apiUrl: 'http://api.test' });
  });

  /** The server, with the first request to `path` held open until the test cuts it off. */
  function serverHolding(path: string, records: Parameters<typeof fakeServer>[0]) {
    const server = fakeServer(records);
    const held = pending<Response>();
    let asked = false;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!asked && new URL(String(input)).pathname.startsWith(path)) {
        asked = true;
        return held.promise;
      }
      return server.handler(input, init);
    }) as typeof fetch;
    return { server, held, asked: () => asked };
  }

  /** What a browser does on a reload: beforeunload, then the page's open requests fail, then the page goes. */
  async function reload(page: ReturnType<typeof render>, action: Promise<void>, cutOff: () => void) {
    act(() => {
      window.dispatchEvent(new Event('beforeunload'));
    });
    await act(async () => {
      cutOff();
      await action.catch(() => undefined);
    });
    page.unmount();
  }

  /** Sam pressed Login; the access token is stored and the role look-up is held open, as a reload finds it. */
  async function loginHeldAtTheRole() {
    const { server, held } = serverHolding('/api/user/list/', { 'sam@bookswap.test': { role: 'seller' } });
    const page = renderProvider(identity);
    await settledSignedOut();
    let login!: Promise<void>;
    act(() => {
      login = latest.login('sam@bookswap.test', 'seller123');
    });
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('access-1'));
    return { server, held, page, login };
  }

  it('after the access token was stored, the next page load is signed in with it', async () => {
    const { server, held, page, login } = await loginHeldAtTheRole();
    await reload(page, login, () => held.reject(new TypeError('Failed to fetch')));

    // Observed before: the cut-off role look-up removed the token and signed the provider out.
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(identity.signOut).not.toHaveBeenCalled();
    renderProvider(identity);
    await identity.restore(identity.user);
    await waitFor(() => expect(shown()).toBe('settled | sam <sam@bookswap.test> | seller'));
    expect(server.calls.filter((call) => call.path.startsWith('/api/jwt/list'))).toHaveLength(1);
  });

  it('after the account was made but before its user record, the next page load finishes the sign-up', async () => {
    const { server, held, asked } = serverHolding('/api/user/create', {});
    const page = renderProvider(identity);
    await settledSignedOut();
    let signup!: Promise<void>;
    act(() => {
      signup = latest.signup({ name: 'Sid Seller', email: 'sid@bookswap.test', password: 'seller123', role: 'seller' });
    });
    await waitFor(() => expect(asked()).toBe(true));
    await reload(page, signup, () => held.reject(new TypeError('Failed to fetch')));
    expect(identity.deleteAccount).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();

    const connect = jest.fn(async () => identity);
    renderProvider(identity, connect);
    await identity.restore(identity.user);
    await waitFor(() => expect(shown()).toBe('settled | Sid Seller <sid@bookswap.test> | seller'));
    expect(server.records['sid@bookswap.test']).toEqual({ role: 'seller' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(await screen.findByText('user created succrssfully')).toBeInTheDocument();
  });

  it('before the provider kept the identity, the next page load is signed out with nothing stored', async () => {
    global.fetch = fakeServer({ 'sam@bookswap.test': { role: 'seller' } }).handler as typeof fetch;
    const held = pending();
    identity.signIn = jest.fn(() => held.promise);
    const page = renderProvider(identity);
    await settledSignedOut();
    let login!: Promise<void>;
    act(() => {
      login = latest.login('sam@bookswap.test', 'seller123');
    });
    await waitFor(() => expect(identity.signIn).toHaveBeenCalled());
    await reload(page, login, () => held.reject(new Error('Firebase: Error (auth/network-request-failed).')));

    const nextPage = renderProvider(identity);
    await identity.restore(null);
    await settledSignedOut();
    expect(localStorage.getItem('accessToken')).toBeNull();
    nextPage.unmount();
    // Settled: the page load after that one has nothing to restore and loads no SDK.
    const connect = jest.fn(async () => identity);
    renderProvider(identity, connect);
    await settledSignedOut();
    expect(connect).not.toHaveBeenCalled();
  });

  it('a token refresh cut off by a reload does not end the session: the next page load refreshes again', async () => {
    const { page } = await signedInWithExpiredToken(identity);
    const held = pending<string>();
    identity.idToken.mockImplementationOnce(() => held.promise);
    const bookings = getMyBookings('bea@bookswap.test');
    await waitFor(() => expect(identity.idToken).toHaveBeenCalledWith({ forceRefresh: true }));
    await reload(
      page,
      bookings.then(() => undefined),
      () => held.reject(new Error('Firebase: Error (auth/network-request-failed).')),
    );
    expect(identity.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();

    renderProvider(identity);
    await identity.restore(identity.user);
    await waitFor(() => expect(shown()).toBe('settled | bea <bea@bookswap.test> | buyer'));
    expect(localStorage.getItem('accessToken')).toBe('access-2');
  });

  it('a reload whose requests fail long after the unload began still leaves the session to the next page load', async () => {
    const { page, login, held } = await loginHeldAtTheRole();
    const clock = jest.spyOn(Date, 'now');
    try {
      act(() => {
        window.dispatchEvent(new Event('beforeunload'));
      });
      // A slow machine: the cut-off request fails ten seconds after the unload began.
      clock.mockReturnValue(Date.now() + 10_000);
      await act(async () => {
        held.reject(new TypeError('Failed to fetch'));
        await login.catch(() => undefined);
      });
    } finally {
      clock.mockRestore();
    }
    page.unmount();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(identity.signOut).not.toHaveBeenCalled();
  });

  it("a page back from the back-forward cache takes a later failure as the server's and undoes the sign-in", async () => {
    const { login, held } = await loginHeldAtTheRole();
    act(() => {
      window.dispatchEvent(new Event('beforeunload'));
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    held.reject(new TypeError('Failed to fetch'));
    await expect(attempt(() => login)).rejects.toThrow();
    expect(identity.signOut).toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    await settledSignedOut();
  });
});

describe('logging out of all devices', () => {
  let logOutEverywhere: LogOutEverywhere;
  function EverywhereProbe() {
    logOutEverywhere = useLogOutEverywhere();
    return null;
  }
  let identity: FakeIdentityProvider;
  let server: ReturnType<typeof fakeServer>;
  beforeEach(async () => {
    localStorage.clear();
    setRuntimeConfig({ apiUrl: 'http://api.test' });
    identity = new FakeIdentityProvider();
    server = fakeServer({ 'bea@bookswap.test': { role: 'buyer' } });
    global.fetch = server.handler as typeof fetch;
    render(
      <AuthProvider connect={jest.fn(async () => identity)}>
        <Probe />
        <EverywhereProbe />
      </AuthProvider>,
    );
    await settledSignedOut();
    await act(() => latest.login('bea@bookswap.test', 'buyer123'));
  });
  const logoutCalls = () =>
    server.calls.filter((call) => call.path.startsWith('/api/jwt/logout')).map((call) => `${call.method} ${call.path}`);

  it('ends every session on the server, then signs out here', async () => {
    await act(() => logOutEverywhere());
    expect(logoutCalls()).toEqual(['PUT /api/jwt/logout?devices=all']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(identity.signOut).toHaveBeenCalled();
    expect(shown()).toBe('settled | signed out | no role');
  });

  it('while a plain Log out ends this device’s session only', async () => {
    await act(() => latest.logout());
    expect(logoutCalls()).toEqual(['PUT /api/jwt/logout?devices=this']);
    expect(shown()).toBe('settled | signed out | no role');
  });

  it('stays signed in, and says so, when the server cannot confirm it', async () => {
    const answering = server.handler;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/jwt/logout')
        ? new Response(JSON.stringify({ message: 'Service unavailable' }), { status: 503 })
        : answering(input, init),
    ) as typeof fetch;
    await expect(attempt(() => logOutEverywhere())).rejects.toThrow(SIGN_OUT_EVERYWHERE_FAILED_MESSAGE);
    expect(identity.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(shown()).toBe('settled | bea <bea@bookswap.test> | buyer');
  });
});

describe('the password reset behind "Forgot password?"', () => {
  let sendPasswordReset: SendPasswordReset;
  function ResetProbe() {
    sendPasswordReset = usePasswordReset();
    return null;
  }
  function renderReset(identity: FakeIdentityProvider) {
    render(
      <AuthProvider connect={jest.fn(async () => identity)}>
        <ResetProbe />
      </AuthProvider>,
    );
  }
  beforeEach(() => localStorage.clear());

  it('asks the identity provider to email the link', async () => {
    const identity = new FakeIdentityProvider();
    renderReset(identity);
    await act(() => sendPasswordReset('bea@bookswap.test'));
    expect(identity.sendPasswordReset).toHaveBeenCalledWith('bea@bookswap.test');
  });

  it('answers the same for an address without an account, so nobody learns who has one', async () => {
    const identity = new FakeIdentityProvider();
    identity.sendPasswordReset.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/user-not-found).'), { code: 'auth/user-not-found' }),
    );
    renderReset(identity);
    await expect(sendPasswordReset('nobody@bookswap.test')).resolves.toBeUndefined();
  });

  it('passes any other failure on, for the dialog to explain', async () => {
    const identity = new FakeIdentityProvider();
    identity.sendPasswordReset.mockRejectedValue(new Error('Firebase: Error (auth/too-many-requests).'));
    renderReset(identity);
    await expect(sendPasswordReset('bea@bookswap.test')).rejects.toThrow('auth/too-many-requests');
  });
});
