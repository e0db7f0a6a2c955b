import { act, screen } from '@testing-library/react';
import { setRuntimeConfig } from '@bookswap/contract/config';
import {
  FAKE_API_URL,
  fakeApiForEachTest,
  renderScreen,
  sampleProduct,
  sampleProductWithContact,
} from '@bookswap/shared/testing';
import { bookListHead } from '../book-list/book-list-head';
import routes from '../routes';
import { pageHeadTags } from './page-head-tags';

const head = () => ({
  title: document.title,
  description: document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  ogTitle: document.head.querySelector('meta[property="og:title"]')?.getAttribute('content'),
  ogUrl: document.head.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  ogImage: document.head.querySelector('meta[property="og:image"]')?.getAttribute('content'),
  jsonLd: JSON.parse(
    document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null',
  ) as unknown,
});

describe('the storefront’s pages write their head', () => {
  const api = fakeApiForEachTest();
  // The shell's page as served: its description only (the styles the screens write into the head stay).
  beforeAll(() => {
    const description = document.createElement('meta');
    description.name = 'description';
    description.content = 'Bookswap: buy and sell second hand books';
    document.head.append(description);
  });

  it('a filtered list names its filter and lists its books, on the public origin the deployer named', async () => {
    const named = { apiUrl: FAKE_API_URL, publicUrl: 'https://books.example' };
    setRuntimeConfig(named);
    const book = sampleProduct({ _id: 'b1', book_name: 'Dune' });
    api.on('GET', '/api/category/list', { body: { products: [book], count: 1 } });
    renderScreen({ routes, at: '/booklist?condition=Good&utm_source=mail' });
    await screen.findByRole('article');
    expect(head()).toMatchObject({
      title: 'Book List: condition (Good) | Bookswap',
      canonical: 'https://books.example/booklist?condition=Good',
      ogTitle: 'Book List: condition (Good) | Bookswap',
      ogUrl: 'https://books.example/booklist?condition=Good',
      jsonLd: { '@type': 'ItemList', itemListElement: [{ item: { name: 'Dune' } }] },
    });
  });

  it('a category’s page names the category; leaving for home takes the list’s tags away', async () => {
    api.on('GET', '/api/category/list', { body: { products: [sampleProduct()], count: 1 } });
    api.on('GET', '/api/product/Ads/list', { body: [] });
    const { router } = renderScreen({ routes, at: '/category/2' });
    await screen.findByRole('article');
    expect(head()).toMatchObject({ title: 'Poetry | Bookswap', canonical: 'http://localhost/category/2' });
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Buy & Sell Second Hand Book!')).toBeInTheDocument();
    expect(head()).toEqual({
      title: 'Home | Bookswap',
      description: 'Bookswap: buy and sell second hand books',
      canonical: 'http://localhost/',
      ogTitle: 'Home | Bookswap',
      ogUrl: 'http://localhost/',
      ogImage: undefined,
      jsonLd: null,
    });
  });

  it('a book’s page names the book and shows its cover to link previews', async () => {
    const book = sampleProductWithContact({ _id: 'b9', book_name: 'Gitanjali', img: 'https://images.example/b9.png' });
    api.on('GET', '/api/product/list/b9', { body: book });
    renderScreen({ routes, at: '/bookDetails/b9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gitanjali' })).toBeInTheDocument();
    expect(head()).toMatchObject({
      title: 'Gitanjali by Jane Author | Bookswap',
      canonical: 'http://localhost/bookDetails/b9',
      ogImage: 'https://images.example/b9.png',
      jsonLd: { '@type': 'Book', name: 'Gitanjali' },
    });
  });

  it('takes over the head the shell’s server wrote, with no second set, and gives the site’s back on leaving', async () => {
    const book = sampleProduct({ _id: 'b1', book_name: 'Dune' });
    const list = { products: [book], count: 1 };
    // The page as the shell's server sends it for /booklist?condition=Good (tooling/serve/page-renders.mts).
    const served = pageHeadTags(bookListHead('http://localhost', new URLSearchParams('condition=Good'), list));
    document.title = served.title;
    document.head.querySelector('meta[name="description"]')!.setAttribute('content', served.description);
    document.head.insertAdjacentHTML('beforeend', served.tags);
    api.on('GET', '/api/category/list', { body: list });
    api.on('GET', '/api/product/Ads/list', { body: [] });
    const { router } = renderScreen({ routes, at: '/booklist?condition=Good' });
    await screen.findByRole('article');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(head()).toMatchObject({
      title: 'Book List: condition (Good) | Bookswap',
      description: 'Second hand books for sale on Bookswap: condition (Good). 1 book.',
      canonical: 'http://localhost/booklist?condition=Good',
    });
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Buy & Sell Second Hand Book!')).toBeInTheDocument();
    expect(head()).toMatchObject({ description: 'Bookswap: buy and sell second hand books', jsonLd: null });
  });
});
