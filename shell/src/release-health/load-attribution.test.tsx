import { screen } from '@testing-library/react';
import { createSessionStore, type SessionState } from '@bookswap/contract/auth';
import type { RemoteRoutes } from '@bookswap/contract/routing';
import type { ShellContract } from '@bookswap/shared/releases';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { remoteAreaRoutes } from '../federation/remote-area-routes';
import { RemoteRoutesLoader, type FederationRuntime } from '../federation/remote-routes-loader';
import { remoteArea } from '../federation/route-ownership';
import { failureStage } from '../federation/remote-unavailable-error';
import type { RemoteManifestList } from '../federation/remote-manifest-list';
import { forgetLedger, readLedger, type LedgerEvent } from './load-ledger';

const SELLER = {
  name: 'seller',
  entry: 'http://localhost:3002/0.1.0-cccccccccc/mf-manifest.json',
  version: '0.1.0-cccccccccc',
  channel: 'canary',
} as const;

function MyProducts() {
  return <h1>My Product</h1>;
}
function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "email")');
}

const routesWith = (Component: () => unknown): RemoteRoutes => [
  {
    path: '/dashboard/myproduct',
    handle: { access: 'seller', title: 'My Product' },
    lazy: async () => ({ Component: Component as () => null }),
  },
];

function runtimeThat(load: () => Promise<unknown>): FederationRuntime {
  return { registerRemotes: jest.fn(), loadRemote: jest.fn(load) } as unknown as FederationRuntime;
}

function openMyProducts(
  runtime: FederationRuntime,
  { remotes = [SELLER], shell = null }: { remotes?: RemoteManifestList; shell?: ShellContract | null } = {},
) {
  const auth = signedInAs('seller');
  const state: SessionState = { user: auth.user, role: auth.role, verify: auth.verify, loading: false };
  const loader = new RemoteRoutesLoader(runtime, remotes, shell);
  return renderRoutes([remoteAreaRoutes(remoteArea('seller'), loader, createSessionStore(state))], {
    path: '/dashboard/myproduct',
    auth,
  });
}

function noted(): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  readLedger((event) => events.push(event));
  return events;
}

beforeEach(() => forgetLedger());

describe('which release a page load used, and how its load ended', () => {
  it('notes a remote that loaded, on the route pattern it served', async () => {
    openMyProducts(runtimeThat(async () => ({ default: routesWith(MyProducts) })));
    expect(await screen.findByRole('heading', { name: 'My Product' })).toBeInTheDocument();
    expect(noted()).toEqual([{ kind: 'load', remote: 'seller', route: '/dashboard/myproduct', outcome: 'loaded' }]);
  });

  it('notes a manifest that could not be had as a failure at the manifest', async () => {
    openMyProducts(
      runtimeThat(async () => {
        throw new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003');
      }),
    );
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(noted()).toEqual([{ kind: 'load', remote: 'seller', route: '/dashboard/myproduct', outcome: 'manifest' }]);
  });

  it('notes a release the shell cannot host as a failure at the contract check, downloading nothing', async () => {
    const runtime = runtimeThat(async () => ({ default: routesWith(MyProducts) }));
    openMyProducts(runtime, {
      remotes: [{ ...SELLER, contract: { runtime: '2.0.0', singletons: {} }, routes: [] }],
      shell: { runtime: '1.0.0', singletons: {}, routes: [] },
    });
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(noted()).toEqual([{ kind: 'load', remote: 'seller', route: '/dashboard/myproduct', outcome: 'contract' }]);
  });

  it('notes an error the remote’s area caught, without its text', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openMyProducts(runtimeThat(async () => ({ default: routesWith(Broken) })));
    expect(await screen.findByText(/Something went to wrong/)).toBeInTheDocument();
    const events = noted();
    expect(events).toContainEqual({ kind: 'error', remote: 'seller', route: '/dashboard/myproduct' });
    expect(events.filter((event) => event.kind === 'error')).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('email');
  });

  it('reads the stage from the federation runtime’s error codes', () => {
    expect(failureStage(new Error('Failed to get manifest. #RUNTIME-003'))).toBe('manifest');
    expect(failureStage(new Error('The manifest is not a valid Module Federation manifest. #RUNTIME-013'))).toBe(
      'manifest',
    );
    expect(failureStage(new Error('Failed to load script resources. #RUNTIME-008'))).toBe('entry');
    expect(failureStage(new Error('Failed to get remoteEntry exports. #RUNTIME-001'))).toBe('entry');
    expect(failureStage(new Error('The remote does not expose the requested module. #RUNTIME-014'))).toBe('module');
    expect(failureStage(new Error('Loading chunk 611 failed'))).toBe('module');
  });
});
