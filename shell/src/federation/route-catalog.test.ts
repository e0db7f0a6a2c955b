import { createRouteCatalog } from './route-catalog';
import { remoteAreas } from './route-ownership';

const tips = {
  path: '/dashboard/seller-tips',
  layout: 'dashboard' as const,
  access: 'seller' as const,
  title: 'Seller Tips',
  menu: { place: 'dashboard' as const, label: 'Seller Tips' },
};
const myProduct = {
  path: '/dashboard/myproduct',
  layout: 'dashboard' as const,
  access: 'seller' as const,
  title: 'My Product',
  menu: { place: 'dashboard' as const, label: 'My Product' },
};

describe('the routes of a page load (docs/decisions/021)', () => {
  it("without release data, the shell's own route table", () => {
    const catalog = createRouteCatalog([{ name: 'seller', entry: 'http://localhost:3002/mf-manifest.json' }]);
    expect(catalog.menu('dashboard').map((route) => route.menu?.label)).toEqual([
      'My Orders',
      'My Product',
      'Booking Requests',
      'All Buyer',
      'All Seller',
      'Report',
      'Audit Log',
      'Releases',
    ]);
    expect(catalog.ownedBy('seller').map((route) => route.path)).toEqual([
      '/dashboard/myproduct',
      '/dashboard/booking-requests',
      '/dashboard/addproduct',
    ]);
  });

  it("a known path spelled another way keeps the table's place, as the router opens it there", () => {
    const catalog = createRouteCatalog([
      {
        name: 'seller',
        entry: 'http://localhost:3002/v2/mf-manifest.json',
        routes: [tips, { ...myProduct, path: '/Dashboard/MyProduct/' }],
      },
    ]);
    expect(catalog.ownedBy('seller').map((route) => route.path)).toEqual([
      '/Dashboard/MyProduct/',
      '/dashboard/seller-tips',
    ]);
  });

  it("a release's routes replace its remote's where they stood: known paths in the table's order, new ones after", () => {
    const catalog = createRouteCatalog([
      { name: 'seller', entry: 'http://localhost:3002/v2/mf-manifest.json', routes: [tips, myProduct] },
    ]);
    expect(catalog.ownedBy('seller').map((route) => route.path)).toEqual([
      '/dashboard/myproduct',
      '/dashboard/seller-tips',
    ]);
    expect(catalog.menu('dashboard').map((route) => route.menu?.label)).toEqual([
      'My Orders',
      'My Product',
      'Seller Tips',
      'All Buyer',
      'All Seller',
      'Report',
      'Audit Log',
      'Releases',
    ]);
    const seller = remoteAreas(catalog).find((area) => area.name === 'seller');
    expect(seller).toMatchObject({ layout: 'dashboard', label: 'Seller' });
    expect(seller?.routes.find((route) => route.path === '/dashboard/seller-tips')).toMatchObject({ access: 'seller' });
  });

  it('a release listing its known routes in another order does not reorder the menu', () => {
    const admin = createRouteCatalog().ownedBy('admin');
    const catalog = createRouteCatalog([
      { name: 'admin', entry: 'http://localhost:3003/v2/mf-manifest.json', routes: [...admin].reverse() },
    ]);
    expect(catalog.ownedBy('admin').map((route) => route.path)).toEqual(admin.map((route) => route.path));
  });
});
