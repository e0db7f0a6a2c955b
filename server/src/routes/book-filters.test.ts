import { bookListResponseSchema, productSchema } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenProduct,
  NIA_NEWSELLER,
  SAM_SELLER,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

// The book list's and the category page's filters, order and facet counts. This file's server has only
// the books below, listed in this order (the last one newest).
const { server, verifiedSeller, newSeller, buyer, admin } = serverForThisFile({
  verifiedSeller: { ...SAM_SELLER, verified: true },
  newSeller: NIA_NEWSELLER,
  buyer: BEA_BUYER,
  admin: ADA_ADMIN,
});

interface Shelf {
  name: string;
  category: string;
  condition: 'Excellent' | 'Good' | 'Fair';
  price: string;
  seller: 'verified' | 'new';
}

const SHELF: Shelf[] = [
  { name: 'Gitanjali', category: '2', condition: 'Good', price: '12.50', seller: 'verified' },
  { name: 'Ariel', category: '2', condition: 'Excellent', price: '5', seller: 'verified' },
  { name: 'Dune', category: '7', condition: 'Fair', price: '8.99', seller: 'new' },
  { name: 'Foundation', category: '7', condition: 'Good', price: '20', seller: 'new' },
  { name: 'Emma', category: '8', condition: 'Excellent', price: '3.50', seller: 'verified' },
  { name: 'Dracula', category: '8', condition: 'Good', price: '12.50', seller: 'new' },
];
const ids = new Map<string, string>();

beforeAll(async () => {
  for (const book of SHELF) {
    const seller: Person = book.seller === 'verified' ? verifiedSeller : newSeller;
    const id = await givenProduct(server, seller, {
      book_name: book.name,
      category_id: book.category,
      book_condition: book.condition,
      resale_price: book.price,
    });
    ids.set(book.name, id);
  }
});

async function list(query: string) {
  const answer = await call(server, 'GET', `/api/category/list?${query}`);
  expect(answer.status).toBe(200);
  const body = bookListResponseSchema.strict().parse(answer.body);
  return { ...body, names: body.products.map((p) => p.book_name) };
}

async function categoryPage(id: string, query = '') {
  const answer = await call(server, 'GET', `/api/category/list/${id}${query ? `?${query}` : ''}`);
  expect(answer.status).toBe(200);
  return productSchema
    .array()
    .parse(answer.body)
    .map((p) => p.book_name);
}

describe('the book list without filters (product.md’s call)', () => {
  it('answers products and count only, newest first, as before', async () => {
    const answer = await call(server, 'GET', '/api/category/list?search=&page=0&size=20');
    expect(Object.keys(answer.body).sort()).toEqual(['count', 'products']);
    expect(answer.body.count).toBe(6);
    expect(answer.body.products.map((p: { book_name: string }) => p.book_name)).toEqual(
      [...SHELF].reverse().map((book) => book.name),
    );
  });
});

describe('filtering the book list', () => {
  it('keeps one category, or several when repeated, with the count under the filter', async () => {
    expect(await list('category=7&size=20')).toMatchObject({ names: ['Foundation', 'Dune'], count: 2 });
    expect(await list('category=7&category=2&size=20')).toMatchObject({
      names: ['Foundation', 'Dune', 'Ariel', 'Gitanjali'],
      count: 4,
    });
  });

  it('keeps the conditions asked for', async () => {
    expect(await list('condition=Excellent&size=20')).toMatchObject({ names: ['Emma', 'Ariel'], count: 2 });
    expect(await list('condition=Fair&condition=Excellent&size=20')).toMatchObject({
      names: ['Emma', 'Dune', 'Ariel'],
      count: 3,
    });
  });

  it('keeps resale prices within minPrice and maxPrice, both included, in whole or decimal dollars', async () => {
    expect((await list('minPrice=8.99&maxPrice=12.5&size=20')).names).toEqual(['Dracula', 'Dune', 'Gitanjali']);
    expect((await list('minPrice=12.51&size=20')).names).toEqual(['Foundation']);
    expect((await list('maxPrice=5&size=20')).names).toEqual(['Emma', 'Ariel']);
    expect((await list('minPrice=12.50&maxPrice=12.50&size=20')).count).toBe(2);
  });

  it('keeps verified sellers’ books only with verified=1; verified=0 is everyone', async () => {
    expect(await list('verified=1&size=20')).toMatchObject({ names: ['Emma', 'Ariel', 'Gitanjali'], count: 3 });
    expect((await list('verified=0&size=20')).count).toBe(6);
  });

  it('combines filters with each other and with a search', async () => {
    expect(await list('category=8&category=7&condition=Good&maxPrice=15&size=20')).toMatchObject({
      names: ['Dracula'],
      count: 1,
    });
    expect(await list('search=DU&condition=Fair&condition=Good&size=20')).toMatchObject({ names: ['Dune'], count: 1 });
    expect(await list('search=a&verified=1&sort=price_asc&size=20')).toMatchObject({
      names: ['Emma', 'Ariel', 'Gitanjali'],
      count: 3,
    });
  });

  it('pages the filtered list, with the count of all its pages', async () => {
    const first = await list('condition=Good&condition=Excellent&page=0&size=5');
    const second = await list('condition=Good&condition=Excellent&page=1&size=5');
    expect(first).toMatchObject({ names: ['Dracula', 'Emma', 'Foundation', 'Ariel', 'Gitanjali'], count: 5 });
    expect(second).toMatchObject({ names: [], count: 5 });
  });

  it('answers an empty page and a count of 0 when nothing matches', async () => {
    expect(await list('category=1&condition=Fair')).toMatchObject({ names: [], count: 0 });
  });
});

describe('sorting the book list', () => {
  it('orders by resale price either way, newest first within a price', async () => {
    expect((await list('sort=price_asc&size=20')).names).toEqual([
      'Emma',
      'Ariel',
      'Dune',
      'Dracula',
      'Gitanjali',
      'Foundation',
    ]);
    expect((await list('sort=price_desc&size=20')).names).toEqual([
      'Foundation',
      'Dracula',
      'Gitanjali',
      'Dune',
      'Ariel',
      'Emma',
    ]);
  });

  it('is newest first by default and with sort=newest', async () => {
    expect((await list('sort=newest&size=20')).names).toEqual([...SHELF].reverse().map((book) => book.name));
  });
});

describe('facet counts (facets=1)', () => {
  it('counts every condition and category, zeros included, for the whole list', async () => {
    expect((await list('facets=1')).facets).toEqual({
      condition: { Excellent: 2, Good: 3, Fair: 1 },
      category: { '1': 0, '2': 2, '3': 0, '4': 0, '5': 0, '6': 0, '7': 2, '8': 2, '9': 0 },
    });
  });

  it('counts each facet under the other filters: conditions ignore the condition filter, categories the category one', async () => {
    const answer = await list('category=7&category=8&condition=Good&verified=0&maxPrice=19.99&facets=1');
    expect(answer).toMatchObject({ names: ['Dracula'], count: 1 });
    // Under category 7 or 8 and at most 19.99: Emma (Excellent), Dune (Fair), Dracula (Good).
    expect(answer.facets?.condition).toEqual({ Excellent: 1, Good: 1, Fair: 1 });
    // Good and at most 19.99: Gitanjali (2), Dracula (8).
    expect(answer.facets?.category).toMatchObject({ '2': 1, '7': 0, '8': 1 });
  });

  it('counts a search’s matches the same way', async () => {
    const answer = await list('search=dracu&facets=1');
    expect(answer.count).toBe(1);
    expect(answer.facets?.condition).toEqual({ Excellent: 0, Good: 1, Fair: 0 });
    expect(answer.facets?.category['8']).toBe(1);
  });
});

describe('filtered lists after a change (the list cache of decision 008)', () => {
  it('counts and shows a new listing, and no longer a hidden or deleted one, at the next request', async () => {
    const query = 'category=5&condition=Fair&facets=1';
    expect((await list(query)).count).toBe(0);
    const fresh = await givenProduct(server, verifiedSeller, {
      book_name: 'Treasure Island',
      category_id: '5',
      book_condition: 'Fair',
      resale_price: '7',
    });
    expect(await list(query)).toMatchObject({ names: ['Treasure Island'], count: 1 });
    expect((await list(query)).facets?.category['5']).toBe(1);

    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: fresh, reason: 'High Price' } });
    const hidden = await call(server, 'PUT', `/api/report/update/${fresh}`, { as: admin });
    expect(hidden.body).toEqual(expect.objectContaining({ acknowledged: true }));
    expect(await list(query)).toMatchObject({ names: [], count: 0 });
    expect((await list(query)).facets?.category['5']).toBe(0);

    const other = await givenProduct(server, newSeller, {
      book_name: 'Kidnapped',
      category_id: '5',
      book_condition: 'Fair',
    });
    expect((await list(query)).count).toBe(1);
    expect((await call(server, 'DELETE', `/api/product/delete/${other}`, { as: newSeller })).status).toBe(200);
    expect((await list(query)).count).toBe(0);
  });
});

describe('the category page’s call with filters', () => {
  it('answers product.md’s array, filtered and ordered like the book list', async () => {
    expect(await categoryPage('7')).toEqual(['Foundation', 'Dune']);
    expect(await categoryPage('7', 'condition=Fair')).toEqual(['Dune']);
    expect(await categoryPage('2', 'sort=price_asc')).toEqual(['Ariel', 'Gitanjali']);
    expect(await categoryPage('8', 'verified=1&minPrice=1&maxPrice=4')).toEqual(['Emma']);
    expect(await categoryPage('8', 'search=dracu')).toEqual(['Dracula']);
  });
});

describe('refusals', () => {
  const refused = async (url: string) => {
    const answer = await call(server, 'GET', url);
    expect(answer.status).toBe(400);
    return answer.body as { message: string; field: string };
  };

  it.each([
    ['minPrice above maxPrice', 'minPrice=20&maxPrice=10', 'minPrice', 'minPrice: minPrice must not be above maxPrice'],
    ['an unknown condition', 'condition=Mint', 'condition.0', 'condition.0: condition must be Excellent, Good or Fair'],
    ['an unknown sort', 'sort=cheapest', 'sort', 'sort: sort must be newest, price_asc or price_desc'],
    [
      'a category that does not exist',
      'category=12',
      'category.0',
      'category.0: category must be a category id from 1 to 9',
    ],
    ['a price that is no price', 'minPrice=cheap', 'minPrice', 'minPrice: minPrice must be a price such as 5 or 12.50'],
    ['a negative price', 'maxPrice=-1', 'maxPrice', 'maxPrice: maxPrice must be a price such as 5 or 12.50'],
    [
      'a price with three decimals',
      'maxPrice=1.999',
      'maxPrice',
      'maxPrice: maxPrice must be a price such as 5 or 12.50',
    ],
    [
      'two minimum prices',
      'minPrice=1&minPrice=2',
      'minPrice',
      'minPrice: minPrice must be a price such as 5 or 12.50',
    ],
    ['verified as a word', 'verified=yes', 'verified', 'verified: verified must be 1 (verified sellers only) or 0'],
    ['facets as a word', 'facets=all', 'facets', 'facets: facets must be 1 or 0'],
  ])('refuses %s on the book list with 400 and a message', async (_what, query, field, message) => {
    expect(await refused(`/api/category/list?${query}`)).toEqual({ message, field });
  });

  it('refuses a filtered page deeper than 10,000 books, as an unfiltered one', async () => {
    expect((await refused('/api/category/list?condition=Good&page=500&size=20')).field).toBe('page');
  });

  it('refuses a bad filter on the category page’s call too', async () => {
    expect((await refused('/api/category/list/2?condition=Mint')).field).toBe('condition.0');
    expect((await refused('/api/category/list/2?minPrice=9&maxPrice=1')).field).toBe('minPrice');
    expect((await refused('/api/category/list/2?sort=oldest')).field).toBe('sort');
  });
});
