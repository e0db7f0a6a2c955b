// For measurement only (`scripts/build-one-bundle.mjs`, docs/decisions/018): stands in for
// `@module-federation/enhanced/runtime` when the shell is built with the remotes bundled in, so the same
// shell code loads each remote's `./routes` as an ordinary lazy chunk of one build.
const ROUTES = {
  storefront: () => import('../../remote-storefront/src/routes'),
  seller: () => import('../../remote-seller/src/routes'),
  admin: () => import('../../remote-admin/src/routes'),
  checkout: () => import('../../remote-checkout/src/routes'),
};

export function registerRemotes() {}

export function registerPlugins() {}

export function loadShareSync() {
  return () => undefined;
}

export async function loadRemote(id) {
  const [name, exposed] = id.split('/');
  if (exposed !== 'routes' || !ROUTES[name]) throw new Error(`The one-bundle build has no ${id}`);
  return ROUTES[name]();
}
