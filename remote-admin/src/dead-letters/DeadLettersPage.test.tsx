import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import type { DeadLetter } from '@bookswap/shared/schemas';
import { fakeApiForEachTest, renderScreen } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

function deadLetter(changes: Partial<DeadLetter> = {}): DeadLetter {
  return {
    id: 'mail-1',
    toEmail: 'bea.buyer@example.test',
    subject: 'Your booking was accepted',
    attempts: 16,
    lastError: '550 mailbox unavailable',
    createdAt: '2026-11-01T10:00:00.000Z',
    deadAt: '2026-11-02T12:00:00.000Z',
    ...changes,
  };
}

describe('Undelivered Mail', () => {
  const api = fakeApiForEachTest();

  it('lists each email the outbox gave up on: when, to whom, what, how often tried and why', async () => {
    api.on('GET', '/api/mail/dead-letters', {
      body: {
        deadLetters: [
          deadLetter(),
          deadLetter({ id: 'mail-2', toEmail: 'sam.seller@example.test', subject: 'New booking', lastError: '' }),
        ],
        count: 2,
      },
    });
    renderScreen({ routes, at: '/dashboard/mail', as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Undelivered Mail' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Undelivered Mail' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Given up (UTC)', 'To', 'Subject', 'Attempts', 'Last error']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^November 2, 2026 at/),
      'bea.buyer@example.test',
      'Your booking was accepted',
      '16',
      '550 mailbox unavailable',
    ]);
    expect(second).toHaveTextContent('No answer recorded');
    // All of them are shown: no line about older ones.
    expect(screen.queryByText(/^The newest/)).not.toBeInTheDocument();
  });

  it('says how many there are in all when it shows only the newest', async () => {
    api.on('GET', '/api/mail/dead-letters', { body: { deadLetters: [deadLetter()], count: 250 } });
    renderScreen({ routes, at: '/dashboard/mail', as: 'admin' });
    expect(await screen.findByText('The newest 1 of 250 undelivered emails.')).toBeInTheDocument();
  });

  it('says so when every email was delivered', async () => {
    api.on('GET', '/api/mail/dead-letters', { body: { deadLetters: [], count: 0 } });
    renderScreen({ routes, at: '/dashboard/mail', as: 'admin' });
    expect(await screen.findByText('Every email was delivered')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a server error in place with a Retry that loads the list', async () => {
    api.on('GET', '/api/mail/dead-letters', { status: 500, body: { message: 'The database is unavailable' } });
    renderScreen({ routes, at: '/dashboard/mail', as: 'admin' });
    expect(
      await screen.findByText('The undelivered emails could not be loaded: The database is unavailable'),
    ).toBeInTheDocument();
    api.on('GET', '/api/mail/dead-letters', { body: { deadLetters: [deadLetter()], count: 1 } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'bea.buyer@example.test' })).toBeInTheDocument();
  });
});
