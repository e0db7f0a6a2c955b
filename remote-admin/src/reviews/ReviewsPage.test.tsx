import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview } from '@bookswap/shared/schemas';
import { fakeApiForEachTest, findToast, renderScreen } from '@bookswap/shared/testing';
import routes from '../routes';
import { REVIEW_HIDDEN } from './ReviewsPage';

const user = userEvent.setup({ delay: null });
const AT = '/dashboard/reviews';

function review(changes: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: 'r1',
    authorParty: 'buyer',
    authorName: 'Bea Buyer',
    stars: 1,
    text: 'Insulting words',
    writtenAt: '2026-11-02T12:00:00.000Z',
    bookingId: 'b1',
    book_name: 'Gitanjali',
    subjectName: 'Sam Seller',
    hidden: false,
    ...changes,
  };
}

describe('Reviews (admin)', () => {
  const api = fakeApiForEachTest();

  it('lists each review, when, about which book, by whom of whom, its stars and words', async () => {
    api.on('GET', '/api/review/list', { body: [review(), review({ _id: 'r2', hidden: true, text: 'Old' })] });
    renderScreen({ routes, at: AT, as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Reviews' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Written (UTC)', 'Book', 'By', 'Of', 'Stars', 'Review', 'Action']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['November 2, 2026 at 12:00 PM', 'Gitanjali', 'Bea Buyer (buyer)', 'Sam Seller']);
    expect(within(first!).getByRole('img', { name: '1 of 5 stars' })).toBeInTheDocument();
    expect(within(second!).getByText('Hidden')).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('hides a review: the server is told, a toast says so, and the list shows it hidden', async () => {
    const held = { hidden: false };
    api.on('GET', '/api/review/list', () => ({ body: [review({ hidden: held.hidden })] }));
    api.on('PUT', '/api/review/hide/r1', () => {
      held.hidden = true;
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    renderScreen({ routes, at: AT, as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Hide the review of Sam Seller by Bea Buyer' }));
    expect(await findToast(REVIEW_HIDDEN)).toBeInTheDocument();
    expect(await screen.findByText('Hidden')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/review/hide/r1')).toHaveLength(1);
  });

  it('says so when no review was written, and shows a failed load with Retry', async () => {
    api.on('GET', '/api/review/list', { status: 500, body: { message: 'The database is unavailable' } });
    renderScreen({ routes, at: AT, as: 'admin' });
    expect(await screen.findByText('The reviews could not be loaded: The database is unavailable')).toBeInTheDocument();
    api.on('GET', '/api/review/list', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No review has been written')).toBeInTheDocument();
  });
});
