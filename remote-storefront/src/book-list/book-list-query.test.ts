import { bookListQuery, isNarrowed, NO_FILTERS, readBookListPlace } from './book-list-query';

const read = (query: string) => readBookListPlace(new URLSearchParams(query));
const PLAIN = { search: '', page: 0, size: 5, ...NO_FILTERS };

describe('the book list place in the URL', () => {
  it('reads search, page and size, and the defaults when they are missing', () => {
    expect(read('search=%20dune%20&page=3&size=10')).toEqual({ ...PLAIN, search: 'dune', page: 3, size: 10 });
    expect(read('')).toEqual(PLAIN);
  });

  it('falls back to the default for each value the server would refuse', () => {
    expect(read('page=-1&size=7')).toEqual(PLAIN);
    expect(read('page=1.5&size=abc')).toEqual(PLAIN);
    expect(read('page=100001')).toMatchObject({ page: 0 });
    // Past 10,000 books deep the server refuses the page (each is an OFFSET scan): the first page instead.
    expect(read('page=499&size=20')).toMatchObject({ page: 499 });
    expect(read('page=500&size=20')).toMatchObject({ page: 0, size: 20 });
    expect(read(`search=${'a'.repeat(201)}`)).toMatchObject({ search: '' });
  });

  it('writes only what differs from the defaults', () => {
    expect(bookListQuery(PLAIN).toString()).toBe('');
    expect(bookListQuery({ ...PLAIN, search: 'dune', page: 2, size: 20 }).toString()).toBe(
      'search=dune&page=2&size=20',
    );
  });
});

describe('the filters and order in the URL', () => {
  it('reads every filter, repeated categories and conditions included', () => {
    expect(
      read('category=7&category=2&condition=Fair&condition=Good&minPrice=5&maxPrice=12.50&verified=1&sort=price_asc'),
    ).toEqual({
      ...PLAIN,
      category: ['2', '7'],
      condition: ['Fair', 'Good'],
      minPrice: '5',
      maxPrice: '12.50',
      verified: true,
      sort: 'price_asc',
    });
  });

  it('drops each hand-edited value the server would refuse, keeping the rest', () => {
    expect(read('category=12&category=3&category=3')).toMatchObject({ category: ['3'] });
    expect(read('condition=Mint&condition=Good')).toMatchObject({ condition: ['Good'] });
    expect(read('sort=cheapest')).toMatchObject({ sort: 'newest' });
    expect(read('verified=yes')).toMatchObject({ verified: false });
    expect(read('minPrice=cheap&maxPrice=9')).toMatchObject({ minPrice: '', maxPrice: '9' });
    expect(read('minPrice=-1&maxPrice=1.999')).toMatchObject({ minPrice: '', maxPrice: '' });
    // A range upside down is refused whole: neither bound.
    expect(read('minPrice=20&maxPrice=10')).toMatchObject({ minPrice: '', maxPrice: '' });
  });

  it('writes the filters before the page, one name per category and condition, and reads back the same place', () => {
    const place = {
      ...PLAIN,
      search: 'sea',
      category: ['2', '7'],
      condition: ['Excellent' as const],
      minPrice: '3',
      maxPrice: '9.99',
      verified: true,
      sort: 'price_desc' as const,
      page: 1,
    };
    const written = bookListQuery(place).toString();
    expect(written).toBe(
      'search=sea&category=2&category=7&condition=Excellent&minPrice=3&maxPrice=9.99&verified=1&sort=price_desc&page=1',
    );
    expect(read(written)).toEqual(place);
  });

  it('calls a list narrowed by any filter, but not by its order', () => {
    expect(isNarrowed(NO_FILTERS)).toBe(false);
    expect(isNarrowed({ ...NO_FILTERS, sort: 'price_asc' })).toBe(false);
    expect(isNarrowed({ ...NO_FILTERS, maxPrice: '4' })).toBe(true);
    expect(isNarrowed({ ...NO_FILTERS, verified: true })).toBe(true);
  });
});
