import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { createSessionStore, signedOutAuth, type SessionState } from '@bookswap/contract/auth';
import type { RemoteRoutes } from '@bookswap/contract/routing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { remoteAreaRoutes } from './remote-area-routes';
import { RemoteRoutesLoader, type FederationRuntime } from './remote-routes-loader';
import { remoteArea } from './route-ownership';
import { RemoteUnavailableError } from './remote-unavailable-error';
import type { RemoteManifestList } from './remote-manifest-list';
import type { ShellContract } from '@bookswap/shared/releases';

const REMOTES = [{ name: 'seller', entry: 'http://localhost:3002/mf-manifest.json' }];

function MyProducts() {
  const data = useLoaderData() as { count: number };
  return <h1>My Product ({data.count})</h1>;
}

/** The seller remote's route table, as its `./routes` module would export it. */
function sellerRoutes({
  screenFails = () => false,
  loaderFails = false,
  loaderStatus = 500,
}: { screenFails?: () => boolean; loaderFails?: boolean; loaderStatus?: number } = {}): RemoteRoutes {
  return [
    {
      path: '/dashboard/myproduct',
      handle: { access: 'seller', title: 'My Product' },
      lazy: async () => {
        if (screenFails()) throw new Error('Loading chunk 611 failed');
        return {
          Component: MyProducts,
          loader: () => {
            if (loaderFails) throw new Response('', { status: loaderStatus, statusText: 'Products unavailable' });
            return { count: 3 };
          },
        };
      },
    },
  ];
}

/** A federation runtime whose remote is down until `remoteUp` is set. */
function fakeRuntime(routes: RemoteRoutes) {
  const state = { remoteUp: true };
  const runtime = {
    registerRemotes: jest.fn<void, Parameters<FederationRuntime['registerRemotes']>>(),
    loadRemote: jest.fn(async () => {
      if (!state.remoteUp) throw new Error('Failed to fetch http://localhost:3002/mf-manifest.json');
      return { default: routes };
    }),
  };
  return { runtime: runtime as unknown as FederationRuntime & typeof runtime, state };
}

function renderSellerArea(
  runtime: FederationRuntime,
  role: 'seller' | 'buyer' | null = 'seller',
  { remotes = REMOTES, shell = null }: { remotes?: RemoteManifestList; shell?: ShellContract | null } = {},
) {
  const loader = new RemoteRoutesLoader(runtime, remotes, shell);
  const auth = role ? signedInAs(role) : { ...signedOutAuth };
  const state: SessionState = { user: auth.user, role: auth.role, verify: auth.verify, loading: false };
  return renderRoutes(
    [
      remoteAreaRoutes(remoteArea('seller'), loader, createSessionStore(state)),
      {
        path: '/dashboard',
        element: (
          <>
            <p>the dashboard welcome</p>
            <Link to="/dashboard/myproduct">My Product</Link>
          </>
        ),
      },
      { path: '/login', element: <p>the login page</p> },
    ],
    { path: '/dashboard/myproduct', auth },
  );
}

describe("a remote's area in the shell", () => {
  it("renders the remote's screen with the data its loader returned", async () => {
    const { runtime } = fakeRuntime(sellerRoutes());
    renderSellerArea(runtime);
    expect(await screen.findByRole('heading', { name: 'My Product (3)' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('seller/routes');
    expect(document.title).toBe('My Product | Bookswap');
  });

  it('lets a screen that names itself keep its own title over the route table’s', async () => {
    function NamedProducts() {
      useEffect(() => {
        document.title = 'My Product: 3 books | Bookswap';
      }, []);
      return <h1>Named</h1>;
    }
    const routes = sellerRoutes();
    const { runtime } = fakeRuntime([{ ...routes[0]!, lazy: async () => ({ Component: NamedProducts }) }]);
    renderSellerArea(runtime);
    expect(await screen.findByRole('heading', { name: 'Named' })).toBeInTheDocument();
    expect(document.title).toBe('My Product: 3 books | Bookswap');
  });

  it('sends a buyer away from a seller route without downloading the seller remote', async () => {
    const { runtime } = fakeRuntime(sellerRoutes());
    renderSellerArea(runtime, 'buyer');
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to /login before the remote or its loader runs', async () => {
    const { runtime } = fakeRuntime(sellerRoutes({ loaderFails: true }));
    renderSellerArea(runtime, null);
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('waits for the role to load before judging, then opens the screen for a seller', async () => {
    const { runtime } = fakeRuntime(sellerRoutes());
    const session = createSessionStore();
    const loader = new RemoteRoutesLoader(runtime, REMOTES);
    renderRoutes(
      [remoteAreaRoutes(remoteArea('seller'), loader, session), { path: '/login', element: <p>the login page</p> }],
      { path: '/dashboard/myproduct', auth: signedInAs('seller') },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    const seller = signedInAs('seller');
    session.set({ user: seller.user, role: 'seller', verify: true, loading: false });
    expect(await screen.findByRole('heading', { name: 'My Product (3)' })).toBeInTheDocument();
  });

  it('shows a fallback with Retry when the remote is down, and recovers on Retry once it is back', async () => {
    const { runtime, state } = fakeRuntime(sellerRoutes());
    state.remoteUp = false;
    renderSellerArea(runtime);
    expect(await screen.findByText('Seller is not available right now')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch http:\/\/localhost:3002\/mf-manifest.json/)).toBeInTheDocument();

    state.remoteUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My Product (3)' })).toBeInTheDocument();
    // The failed entry is dropped from the federation runtime before trying again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(REMOTES, { force: true });
  });

  it('keeps the rest of the app working while a remote is down', async () => {
    const { runtime, state } = fakeRuntime(sellerRoutes());
    state.remoteUp = false;
    const { router } = renderSellerArea(runtime);
    await screen.findByText('Seller is not available right now');
    await router.navigate('/dashboard');
    expect(await screen.findByText('the dashboard welcome')).toBeInTheDocument();
  });

  it("shows the fallback when a screen's chunk fails after the remote loaded, and Retry loads it anew", async () => {
    let failures = 1;
    const { runtime } = fakeRuntime(sellerRoutes({ screenFails: () => failures-- > 0 }));
    renderSellerArea(runtime);
    expect(await screen.findByText('Seller is not available right now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My Product (3)' })).toBeInTheDocument();
  });

  it("shows the route-error screen, not the fallback, when the remote's own loader fails", async () => {
    const { runtime } = fakeRuntime(sellerRoutes({ loaderFails: true }));
    renderSellerArea(runtime);
    expect(await screen.findByRole('heading', { name: 'Something went to wrong!' })).toBeInTheDocument();
    expect(screen.getByText('Products unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the 404 screen, not the error screen, when the remote’s loader answers that the thing does not exist', async () => {
    const { runtime } = fakeRuntime(sellerRoutes({ loaderFails: true, loaderStatus: 404 }));
    renderSellerArea(runtime);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went to wrong!' })).not.toBeInTheDocument();
  });

  it('shows the 404 screen for an owned path the remote does not serve', async () => {
    const { runtime } = fakeRuntime([]);
    renderSellerArea(runtime);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('RemoteRoutesLoader', () => {
  it('loads a remote once for concurrent and later callers', async () => {
    const { runtime } = fakeRuntime(sellerRoutes());
    const loader = new RemoteRoutesLoader(runtime, REMOTES);
    const [first, second] = await Promise.all([loader.load('seller'), loader.load('seller')]);
    await loader.load('seller');
    expect(first).toBe(second);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('tries a failed remote afresh on the next load, re-registered first, until it is back (docs/decisions/051)', async () => {
    const { runtime, state } = fakeRuntime(sellerRoutes());
    state.remoteUp = false;
    const loader = new RemoteRoutesLoader(runtime, REMOTES);
    await expect(loader.load('seller')).rejects.toBeInstanceOf(RemoteUnavailableError);
    // The first load registers once, without force: nothing failed yet.
    expect(runtime.registerRemotes.mock.calls).toEqual([[REMOTES]]);

    await expect(loader.load('seller')).rejects.toThrow('The seller part of the site could not be loaded');
    state.remoteUp = true;
    await expect(loader.load('seller')).resolves.toHaveLength(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [REMOTES],
      [REMOTES, { force: true }],
      [REMOTES, { force: true }],
    ]);

    // Loaded: later loads neither re-register nor ask the runtime again.
    await loader.load('seller');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(3);
  });

  it("names the stage a remote that stays down failed at, from the runtime's error code", async () => {
    const runtime: FederationRuntime = {
      registerRemotes: jest.fn(),
      loadRemote: jest.fn(async () => {
        throw new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003');
      }),
    };
    const loader = new RemoteRoutesLoader(runtime, REMOTES);
    for (let attempt = 0; attempt < 2; attempt++) {
      const failure = await loader.load('seller').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RemoteUnavailableError);
      expect(failure).toMatchObject({ remote: 'seller', stage: 'manifest' });
    }
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('fails clearly for a remote that remotes.json does not list', async () => {
    const { runtime } = fakeRuntime(sellerRoutes());
    const loader = new RemoteRoutesLoader(runtime, REMOTES);
    await expect(loader.load('admin')).rejects.toThrow('it is not listed in remotes.json');
  });

  describe('a release this shell cannot host (docs/decisions/020)', () => {
    const shell: ShellContract = {
      runtime: '1.0.0',
      singletons: { react: '19.3.1' },
      routes: [
        { path: '/dashboard/myproduct', owner: 'seller', layout: 'dashboard', access: 'seller', title: 'My Product' },
      ],
    };
    const released = (runtime: string): RemoteManifestList => [
      {
        ...REMOTES[0]!,
        version: '0.2.0-abc',
        contract: { runtime, singletons: { react: '^19.0.0' }, libraries: { '@bookswap/shared': '6.0.0' } },
        routes: [{ path: '/dashboard/myproduct', layout: 'dashboard', access: 'seller', title: 'My Product' }],
      },
    ];

    it('is never downloaded: its area names the mismatch, with no Retry', async () => {
      const { runtime } = fakeRuntime(sellerRoutes());
      renderSellerArea(runtime, 'seller', { remotes: released('2.0.0'), shell });
      expect(await screen.findByText('Seller is not available right now')).toBeInTheDocument();
      expect(
        screen.getByText('it was built against @bookswap/contract 2.0.0; the shell provides 1.0.0'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    });

    it('an entry that names no contract is never downloaded by a production shell', async () => {
      const { runtime } = fakeRuntime(sellerRoutes());
      const loader = new RemoteRoutesLoader(runtime, REMOTES, shell);
      await expect(loader.load('seller')).rejects.toThrow(
        'release unknown does not fit this shell: its remotes.json entry names no contract, so this shell cannot check it',
      );
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    });

    it('a route spelled another way is the route the router opens, under the shell’s rules', async () => {
      const { runtime } = fakeRuntime(sellerRoutes());
      const [remote] = released('1.0.0');
      const respelled = {
        ...remote!,
        routes: [{ ...remote!.routes![0]!, path: '/Dashboard/MyProduct/', access: 'user' as const }],
      };
      await expect(new RemoteRoutesLoader(runtime, [respelled], shell).load('seller')).rejects.toThrow(
        'route /Dashboard/MyProduct/ is "user" in the release but "seller" in the shell\'s rules',
      );
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    });

    it('a release that fits loads as usual', async () => {
      const { runtime } = fakeRuntime(sellerRoutes());
      renderSellerArea(runtime, 'seller', { remotes: released('1.0.0'), shell });
      expect(await screen.findByRole('heading', { name: 'My Product (3)' })).toBeInTheDocument();
      expect(runtime.registerRemotes).toHaveBeenCalledWith([REMOTES[0]]);
    });
  });
});
