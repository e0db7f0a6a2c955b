import { sampleProduct } from '@bookswap/shared/testing';
import { jsonLdText } from '../page-head/page-head';
import { bookListHead } from './book-list-head';

const ORIGIN = 'https://books.example';
const at = (query: string) => new URLSearchParams(query);

describe('the head of the book list', () => {
  it('of the plain list is "Book List" with the list’s own URL', () => {
    const head = bookListHead(ORIGIN, at(''), undefined);
    expect(head.title).toBe('Book List | Bookswap');
    expect(head.canonical).toBe('https://books.example/booklist');
    expect(head.description).toBe('Second hand books for sale on Bookswap.');
    expect(head.structuredData).toBeUndefined();
  });

  it('names its search, filters and page (counted from 1) in the title and description', () => {
    const head = bookListHead(ORIGIN, at('search=dune&condition=Good&category=2&verified=1&page=1'), {
      products: [],
      count: 7,
    });
    expect(head.title).toBe(
      'Book List: “dune” · category (Poetry) · condition (Good) · verified sellers only · page 2 | Bookswap',
    );
    expect(head.description).toBe(
      'Second hand books for sale on Bookswap: “dune” · category (Poetry) · condition (Good) · verified sellers only · page 2. 7 books.',
    );
  });

  it('has one canonical URL per list: known parameters only, in one order, defaults and page 1 left out', () => {
    const canonical = (query: string) => bookListHead(ORIGIN, at(query), undefined).canonical;
    expect(canonical('condition=Good&category=3&category=2&utm_source=mail&page=0&size=5&sort=newest')).toBe(
      'https://books.example/booklist?category=2&category=3&condition=Good',
    );
    expect(canonical('category=2&category=3&condition=Good')).toBe(canonical('condition=Good&category=3&category=2'));
    expect(canonical('page=2&sort=price_asc&size=10')).toBe(
      'https://books.example/booklist?sort=price_asc&page=2&size=10',
    );
  });

  it('of a category’s page names the category, and its URL is the category’s path', () => {
    const head = bookListHead(ORIGIN, at('condition=Fair&category=9'), undefined, '2');
    expect(head.title).toBe('Poetry: condition (Fair) | Bookswap');
    expect(head.description).toBe('Second hand books for sale on Bookswap in Poetry: condition (Fair).');
    expect(head.canonical).toBe('https://books.example/category/2?condition=Fair');
  });

  it('lists the page’s books as schema.org Books with an Offer each, numbered across pages', () => {
    const book = sampleProduct({ _id: 'b1', book_name: 'Dune', author_name: 'Frank Herbert', resale_price: '12.5' });
    const sold = sampleProduct({ _id: 'b2', paid: true, img: '/images/b2.png', resale_price: 'ask me' });
    const head = bookListHead(ORIGIN, at('page=1&size=10'), { products: [book, sold], count: 12 });
    expect(head.structuredData).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 12,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 11,
          item: {
            '@type': 'Book',
            name: 'Dune',
            author: { '@type': 'Person', name: 'Frank Herbert' },
            image: book.img,
            url: 'https://books.example/bookDetails/b1',
            offers: {
              '@type': 'Offer',
              price: '12.50',
              priceCurrency: 'USD',
              itemCondition: 'https://schema.org/UsedCondition',
              availability: 'https://schema.org/InStock',
              url: 'https://books.example/bookDetails/b1',
            },
          },
        },
        expect.objectContaining({
          position: 12,
          item: expect.objectContaining({
            image: 'https://books.example/images/b2.png',
            offers: expect.not.objectContaining({ price: expect.anything() }),
          }),
        }),
      ],
    });
    expect(JSON.stringify(head.structuredData)).toContain('"availability":"https://schema.org/SoldOut"');
  });

  it('writes JSON-LD that a title containing </script> cannot break out of', () => {
    const book = sampleProduct({ book_name: '</script><script>alert(1)</script>' });
    const text = jsonLdText(bookListHead(ORIGIN, at(''), { products: [book], count: 1 }).structuredData!);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toMatchObject({
      itemListElement: [{ item: { name: '</script><script>alert(1)</script>' } }],
    });
  });
});
