import { routeTableMismatches } from '@bookswap/shared/testing';
import routes from './routes';

describe('the seller remote and the route table', () => {
  it('serve the same paths with the same access', () => {
    expect(routeTableMismatches('seller', routes)).toEqual([]);
  });
});
