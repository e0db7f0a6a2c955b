import type { Product } from '@bookswap/shared/schemas';

let next = 1;

/** A product as the server sends it; tests override only what their story is about. */
export function sampleProduct(overrides: Partial<Product> = {}): Product {
  const n = next++;
  return {
    _id: `p${n}`,
    book_name: `Sample Book ${n}`,
    author_name: 'Jane Author',
    category_id: '1',
    category_name: 'Nobel',
    description: 'A well kept copy.',
    original_price: '20',
    resale_price: '12',
    Year_of_use: '2',
    book_condition: 'Good',
    img: `http://api.test/images/p${n}.png`,
    phone: '+1 555 0100',
    location: 'Main Street Library',
    sellerName: 'Sam Seller',
    sellerEmail: 'seller@bookswap.test',
    verify: true,
    paid: false,
    addADS: false,
    report: 'false',
    date: 'November 1, 2026 at 10:00 AM',
    ...overrides,
  };
}
