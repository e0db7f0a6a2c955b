import { sampleProductWithContact } from '@bookswap/shared/testing';
import { bookDetailsHead } from './book-details-head';

describe('the head of a book’s page', () => {
  it('names the book and author, its condition and price, shows its cover and carries its Offer', () => {
    const book = sampleProductWithContact({
      _id: 'b7',
      book_name: 'Gitanjali',
      author_name: 'Rabindranath Tagore',
      book_condition: 'Excellent',
      resale_price: '3.5',
      description: 'Read   once.\nNo marks.',
      img: 'https://images.example/b7.png',
    });
    const head = bookDetailsHead('https://books.example/', book);
    expect(head).toMatchObject({
      title: 'Gitanjali by Rabindranath Tagore | Bookswap',
      description: 'Excellent, $3.50 on Bookswap. Read once. No marks.',
      canonical: 'https://books.example/bookDetails/b7',
      type: 'book',
      image: 'https://images.example/b7.png',
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'Book',
        offers: { price: '3.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      },
    });
  });

  it('says "Unknown" for a missing author and keeps a long description to 160 characters', () => {
    const head = bookDetailsHead(
      'https://books.example',
      sampleProductWithContact({ book_name: 'Notes', author_name: ' ', description: 'word '.repeat(80) }),
    );
    expect(head.title).toBe('Notes by Unknown | Bookswap');
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.description.endsWith('…')).toBe(true);
  });
});
