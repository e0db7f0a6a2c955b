import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen } from '@bookswap/shared/testing';

describe('the category list', () => {
  const api = fakeApiForEachTest();

  it('shows a card with See Details for each category that has an id', async () => {
    api.on('GET', '/categories.json', {
      body: [
        { category_id: '1', category_name: 'Nobel' },
        { category_name: 'Draft without id' },
        { category_id: '7', category_name: 'Science fiction' },
      ],
    });
    renderScreen({ routes, at: '/category' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Categories' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Nobel', 'Science fiction']);
    expect(within(cards[1]!).getByRole('link', { name: /See Details/ })).toHaveAttribute('href', '/category/7');
    expect(screen.queryByText('Draft without id')).not.toBeInTheDocument();
  });

  it('shows a spinner while the file loads', async () => {
    api.on('GET', '/categories.json', never);
    renderScreen({ routes, at: '/category' });
    expect(await screen.findByRole('progressbar', { name: 'Loading categories' })).toBeInTheDocument();
  });

  it('says so when the file cannot be loaded, and Retry loads it again', async () => {
    let answer = { status: 500, body: {} as unknown };
    api.on('GET', '/categories.json', () => answer);
    renderScreen({ routes, at: '/category' });
    expect(await screen.findByText(/The categories could not be loaded/)).toBeInTheDocument();
    expect(await findToast(/status 500/)).toBeInTheDocument();
    answer = { status: 200, body: [{ category_id: '2', category_name: 'Poetry' }] };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Poetry' })).toBeInTheDocument();
  });
});
