import { remoteRoute } from '@bookswap/contract/routing';
import { ROUTES } from '@bookswap/contract/routing';
import { routeTableMismatches } from './route-table-check';

describe('the route table check', () => {
  it('names a path a remote serves that the table does not list for it', () => {
    const routes = [remoteRoute(ROUTES.myOrders, async () => ({})), remoteRoute(ROUTES.payment, async () => ({}))];
    routes.push({ path: '/dashboard/refunds', handle: { access: 'user' }, lazy: async () => ({}) });
    expect(routeTableMismatches('checkout', routes)).toEqual([
      'checkout serves /dashboard/refunds, which the route table does not list for it',
    ]);
  });

  it('names a path the table gives a remote that the remote does not serve', () => {
    expect(routeTableMismatches('checkout', [remoteRoute(ROUTES.myOrders, async () => ({}))])).toEqual([
      'the route table gives /dashboard/payment/:id to checkout, which does not serve it',
    ]);
  });

  it('names a route whose access differs from the table', () => {
    const routes = [
      { path: ROUTES.myOrders.path, handle: { access: 'public' } },
      remoteRoute(ROUTES.payment, async () => ({})),
    ];
    expect(routeTableMismatches('checkout', routes)).toEqual([
      '/dashboard/myorder is public here but user in the route table',
    ]);
  });
});
