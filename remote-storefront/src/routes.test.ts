import { routeTableMismatches } from '@bookswap/shared/testing';
import routes from './routes';

describe('the storefront remote and the route table', () => {
  it('serve the same paths with the same access', () => {
    expect(routeTableMismatches('storefront', routes)).toEqual([]);
  });
});
