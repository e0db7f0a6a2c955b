import { categoriesHead } from '../categories/categories-head';
import { homeHead } from './page-head';

describe('the heads of the fixed pages', () => {
  it('home keeps the site’s title words and description, at the origin’s root', () => {
    expect(homeHead('https://books.example/')).toEqual({
      title: 'Home | Bookswap',
      description: 'Bookswap: buy and sell second hand books',
      canonical: 'https://books.example/',
      type: 'website',
    });
  });

  it('the categories page names the categories', () => {
    const head = categoriesHead('https://books.example');
    expect(head.title).toBe('Book Categories | Bookswap');
    expect(head.canonical).toBe('https://books.example/category');
    expect(head.description).toContain('Nobel, Poetry, Biograpy');
  });
});
