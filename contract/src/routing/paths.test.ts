import { menuRoutes, ROUTES } from './paths';

describe('the route table', () => {
  it('builds links with their parameters encoded', () => {
    expect(ROUTES.payment.href({ id: 'b 1/2' })).toBe('/dashboard/payment/b%201%2F2');
    expect(ROUTES.categoryProducts.href({ category_id: '8' })).toBe('/category/8');
    expect(ROUTES.myOrders.href()).toBe('/dashboard/myorder');
  });

  it('gives the top navigation product.md §2’s three links in order', () => {
    expect(menuRoutes('top').map((entry) => [entry.path, entry.menu?.label])).toEqual([
      ['/', 'Home'],
      ['/category', 'Category list'],
      ['/booklist', 'Book List'],
    ]);
  });
});
