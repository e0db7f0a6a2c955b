import { routeTableMismatches } from '@bookswap/shared/testing';
import routes from './routes';

describe('the admin remote and the route table', () => {
  it('serve the same paths with the same access', () => {
    expect(routeTableMismatches('admin', routes)).toEqual([]);
  });
});
