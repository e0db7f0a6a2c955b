import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageReport } from '@bookswap/shared/schemas';
import { fakeApiForEachTest, renderScreen } from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });
const AT = '/dashboard/message-reports';

function report(changes: Partial<MessageReport> = {}): MessageReport {
  return {
    _id: 'r1',
    bookingId: 'b1',
    messageId: 'm2',
    book_name: 'Gitanjali',
    reporterName: 'Bea Buyer',
    reason: 'Rude words',
    reportedAt: '2026-11-02T12:00:00.000Z',
    ...changes,
  };
}

describe('Reported Messages', () => {
  const api = fakeApiForEachTest();

  it('lists each report, when, about which book, by whom and why, without the words', async () => {
    api.on('GET', '/api/report/messages', { body: [report()] });
    renderScreen({ routes, at: AT, as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported Messages' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Reported Messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reported (UTC)', 'Book', 'Reported by', 'Reason', 'Thread']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['November 2, 2026 at 12:00 PM', 'Gitanjali', 'Bea Buyer', 'Rude words']);
    expect(api.callsTo('GET', '/api/report/messages/b1')).toHaveLength(0);
  });

  it('opens the reported thread read-only: every message, no box to write, no Report', async () => {
    api.on('GET', '/api/report/messages', { body: [report()] });
    api.on('GET', '/api/report/messages/b1', {
      body: {
        bookingId: 'b1',
        book_name: 'Gitanjali',
        open: true,
        unread: 0,
        messages: [
          { _id: 'm1', authorName: 'Bea Buyer', mine: false, text: 'Friday?', sentAt: '2026-11-02T10:00:00.000Z' },
          { _id: 'm2', authorName: 'Sam Seller', mine: false, text: 'Go away', sentAt: '2026-11-02T11:00:00.000Z' },
        ],
      },
    });
    renderScreen({ routes, at: AT, as: 'admin' });
    await user.click(
      await screen.findByRole('button', { name: 'Read the thread about Gitanjali reported by Bea Buyer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Messages about Gitanjali' });
    expect(await within(dialog).findByText('Go away')).toBeInTheDocument();
    expect(within(dialog).getByText('Friday?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/report/messages/b1')).toHaveLength(1);
  });

  it('says so when no message was reported, and shows a failed load with Retry', async () => {
    api.on('GET', '/api/report/messages', { status: 500, body: { message: 'The database is unavailable' } });
    renderScreen({ routes, at: AT, as: 'admin' });
    expect(
      await screen.findByText('The reported messages could not be loaded: The database is unavailable'),
    ).toBeInTheDocument();
    api.on('GET', '/api/report/messages', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No message has been reported')).toBeInTheDocument();
  });
});
