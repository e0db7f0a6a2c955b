import { bookListQuery, readBookListPlace } from './book-list-query';

const read = (query: string) => readBookListPlace(new URLSearchParams(query));

describe('the book list place in the URL', () => {
  it('reads search, page and size, and the defaults when they are missing', () => {
    expect(read('search=%20dune%20&page=3&size=10')).toEqual({ search: 'dune', page: 3, size: 10 });
    expect(read('')).toEqual({ search: '', page: 0, size: 5 });
  });

  it('falls back to the default for each value the server would refuse', () => {
    expect(read('page=-1&size=7')).toEqual({ search: '', page: 0, size: 5 });
    expect(read('page=1.5&size=abc')).toEqual({ search: '', page: 0, size: 5 });
    expect(read('page=100001')).toMatchObject({ page: 0 });
    // Past 10,000 books deep the server refuses the page (each is an OFFSET scan): the first page instead.
    expect(read('page=499&size=20')).toMatchObject({ page: 499 });
    expect(read('page=500&size=20')).toMatchObject({ page: 0, size: 20 });
    expect(read(`search=${'a'.repeat(201)}`)).toMatchObject({ search: '' });
  });

  it('writes only what differs from the defaults', () => {
    expect(bookListQuery({ search: '', page: 0, size: 5 }).toString()).toBe('');
    expect(bookListQuery({ search: 'dune', page: 2, size: 20 }).toString()).toBe('search=dune&page=2&size=20');
  });
});
