import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import routes from '../routes';
import { homeRoute } from './home-route';
import { runRouteLoader } from '../public-page/run-route-loader.testing';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleProduct } from '@bookswap/shared/testing';

// The real static file the storefront serves, so a broken file fails here too.
const categoriesFile: unknown = JSON.parse(readFileSync(path.join(__dirname, '../../public/categories.json'), 'utf8'));

const section = (name: string) => screen.findByRole('region', { name });

describe('the home page', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    api.on('GET', '/categories.json', { body: categoriesFile });
  });

  it('greets with the banner and shows the first three categories with See More', async () => {
    api.on('GET', '/api/product/Ads/list', { body: [] });
    renderScreen({ routes, at: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy & Sell Second Hand Book!' })).toBeInTheDocument();
    const categories = await section('Book Categories');
    expect(await within(categories).findAllByRole('article')).toHaveLength(3);
    expect(within(categories).getByRole('link', { name: /See Details of Nobel/ })).toHaveAttribute(
      'href',
      '/category/1',
    );
    expect(within(categories).getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/category');
  });

  it('shows spinners while the categories and the advertised books load', async () => {
    api.on('GET', '/categories.json', never);
    api.on('GET', '/api/product/Ads/list', never);
    renderScreen({ routes, at: '/' });
    expect(await screen.findByRole('progressbar', { name: 'Loading categories' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading advertised books' })).toBeInTheDocument();
  });

  it('draws the advertised books’ place at once, a row high, so nothing below moves when they arrive', async () => {
    api.on('GET', '/api/product/Ads/list', never);
    renderScreen({ routes, at: '/' });
    const place = await screen.findByRole('progressbar', { name: 'Loading advertised books' });
    expect(place).toHaveAttribute('aria-busy', 'true');
    expect(getComputedStyle(place).height).toBe('640px');
    expect(place.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(1);
  });

  it('fills the ads from the request the route started, asking the server once', async () => {
    api.on('GET', '/api/product/Ads/list', { body: [sampleProduct({ book_name: 'Dune', addADS: true })] });
    // The route's loader asks as the navigation starts, before the page renders...
    await runRouteLoader(homeRoute, '/');
    await waitFor(() => expect(api.callsTo('GET', '/api/product/Ads/list')).toHaveLength(1));
    // ...and the page takes that answer up instead of asking again.
    renderScreen({ routes, at: '/' });
    const ads = await section('Advertise Product');
    expect(within(ads).getByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading advertised books' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/product/Ads/list')).toHaveLength(1);
  });

  it('shows Advertise Product with only the advertised books', async () => {
    api.on('GET', '/api/product/Ads/list', {
      body: [
        sampleProduct({ book_name: 'Dune', addADS: true }),
        sampleProduct({ book_name: 'Not advertised', addADS: false }),
      ],
    });
    renderScreen({ routes, at: '/' });
    const ads = await section('Advertise Product');
    expect(within(ads).getByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    expect(within(ads).queryByText('Not advertised')).not.toBeInTheDocument();
  });

  it('leaves Advertise Product out when nothing is advertised', async () => {
    api.on('GET', '/api/product/Ads/list', { body: [sampleProduct({ addADS: false })] });
    renderScreen({ routes, at: '/' });
    await section('Client Review');
    await screen.findAllByRole('link', { name: /See Details/ });
    expect(screen.queryByRole('region', { name: 'Advertise Product' })).not.toBeInTheDocument();
  });

  it('shows the three client reviews with a name, a review and a picture', async () => {
    api.on('GET', '/api/product/Ads/list', { body: [] });
    renderScreen({ routes, at: '/' });
    const reviews = await section('Client Review');
    const figures = within(reviews).getAllByRole('figure');
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      expect(within(figure).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^http:\/\/localhost\/images\//),
      );
      expect(figure.querySelector('blockquote')?.textContent).not.toBe('');
    }
  });

  it('draws the client reviews only once the visitor scrolls near them', async () => {
    // The browser's IntersectionObserver, reduced to what the page asks: which places it watches, and a way to
    // report one of them near the screen.
    const watched = new Map<Element, IntersectionObserverCallback>();
    class NearnessWatcher {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        watched.set(target, this.report);
      }
      disconnect() {
        for (const [target, report] of watched) if (report === this.report) watched.delete(target);
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: NearnessWatcher, configurable: true });
    try {
      api.on('GET', '/api/product/Ads/list', { body: [] });
      renderScreen({ routes, at: '/' });
      await section('Book Categories');
      await waitFor(() => expect(watched.size).toBe(1));
      expect(screen.queryByRole('region', { name: 'Client Review' })).not.toBeInTheDocument();

      for (const [place, report] of watched)
        act(() => report([{ isIntersecting: true, target: place } as IntersectionObserverEntry], {} as never));
      expect(within(await section('Client Review')).getAllByRole('figure')).toHaveLength(3);
      expect(watched.size).toBe(0);
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });

  it('tells the user when the advertised books cannot be loaded', async () => {
    api.on('GET', '/api/product/Ads/list', { status: 503, body: { message: 'Server is busy' } });
    renderScreen({ routes, at: '/' });
    expect(await screen.findByText('The advertised books could not be loaded: Server is busy')).toBeInTheDocument();
    expect(await findToast('Server is busy')).toBeInTheDocument();
  });
});
