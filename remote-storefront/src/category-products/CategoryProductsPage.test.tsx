import { screen, within } from '@testing-library/react';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleProduct } from '@bookswap/shared/testing';

describe('the category page', () => {
  const api = fakeApiForEachTest();

  it('shows a spinner while the category is loading', async () => {
    api.on('GET', '/api/category/list/2', never);
    renderScreen({ routes, at: '/category/2' });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('NO Product')).not.toBeInTheDocument();
  });

  it("shows a card for each of the category's books", async () => {
    const books = [
      sampleProduct({ book_name: 'Leaves of Grass', category_id: '2' }),
      sampleProduct({ book_name: 'Ariel', category_id: '2' }),
    ];
    api.on('GET', '/api/category/list/2', { body: books });
    renderScreen({ routes, at: '/category/2' });
    expect(await screen.findByRole('heading', { name: 'Poetry', level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Leaves of Grass', 'Ariel']);
  });

  it('says NO Product when the category is empty', async () => {
    api.on('GET', '/api/category/list/9', { body: [] });
    renderScreen({ routes, at: '/category/9' });
    expect(await screen.findByText('NO Product')).toBeInTheDocument();
  });

  it('shows the server error in place and as a toast', async () => {
    api.on('GET', '/api/category/list/2', { status: 500, body: { message: 'Database is down' } });
    renderScreen({ routes, at: '/category/2' });
    expect(
      await screen.findByText('The books of this category could not be loaded: Database is down'),
    ).toBeInTheDocument();
    expect(await findToast('Database is down')).toBeInTheDocument();
  });
});
