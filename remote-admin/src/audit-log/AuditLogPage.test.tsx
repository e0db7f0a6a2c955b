import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, never, renderScreen, sampleAuditEntry } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

describe('the Audit Log', () => {
  const api = fakeApiForEachTest();

  it('shows every admin action newest first with who, what, the target and when', async () => {
    api.on('GET', '/api/audit/list', {
      body: [
        sampleAuditEntry({ action: 'verify', targetName: 'Una Seller', at: '2026-11-01T12:00:00.000Z' }),
        sampleAuditEntry({
          action: 'hide',
          targetType: 'product',
          targetName: 'Fake Atlas',
          actorName: 'Ada Admin',
          actorEmail: 'admin@bookswap.test',
          at: '2026-11-03T12:00:00.000Z',
        }),
        sampleAuditEntry({ action: 'delete-user', targetName: 'Lee Leaving', at: '2026-11-02T12:00:00.000Z' }),
        sampleAuditEntry({
          action: 'dismiss',
          targetType: 'report',
          targetName: 'Honest Book',
          at: '2026-10-30T12:00:00.000Z',
        }),
        sampleAuditEntry({
          action: 'delete-product',
          targetType: 'product',
          targetName: 'Counterfeit Classic',
          at: '2026-10-31T12:00:00.000Z',
        }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/audit', as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When (UTC)', 'Who', 'Action', 'Target']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Hid product',
      'Deleted user',
      'Verified seller',
      'Deleted product',
      'Dismissed report',
    ]);
    const deletion = rows[3]!;
    expect(deletion).toHaveTextContent('Counterfeit Classic');
    expect(deletion).toHaveTextContent('product');
    const [newest] = rows;
    // Noon UTC is November 3 in every time zone from UTC-11 to UTC+11.
    expect(within(newest!).getByText(/^November 3, 2026 at \d{1,2}:\d{2}\s[AP]M$/)).toHaveAttribute(
      'datetime',
      '2026-11-03T12:00:00.000Z',
    );
    expect(newest).toHaveTextContent('Ada Admin');
    expect(newest).toHaveTextContent('admin@bookswap.test');
    expect(newest).toHaveTextContent('Fake Atlas');
    expect(newest).toHaveTextContent('product');
  });

  it('shows a seller’s edit of a listing, by the seller, under the listing’s new name', async () => {
    api.on('GET', '/api/audit/list', {
      body: [
        sampleAuditEntry({
          action: 'edit-product',
          actorName: 'Sam Seller',
          actorEmail: 'seller@bookswap.test',
          targetType: 'product',
          targetName: 'Dune Messiah',
        }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/audit', as: 'admin' });
    const [edit] = within(await screen.findByRole('table', { name: 'Audit Log' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      within(edit!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.any(String),
      expect.stringContaining('Sam Seller'),
      'Edited product',
      expect.stringContaining('Dune Messiah'),
    ]);
  });

  it('says so when no admin has acted yet', async () => {
    api.on('GET', '/api/audit/list', { body: [] });
    renderScreen({ routes, at: '/dashboard/audit', as: 'admin' });
    expect(await screen.findByText('No admin action yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while the log loads', async () => {
    api.on('GET', '/api/audit/list', never);
    renderScreen({ routes, at: '/dashboard/audit', as: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the audit log' })).toBeInTheDocument();
  });

  it('shows a server error in place with a Retry that loads the log', async () => {
    api.on('GET', '/api/audit/list', { status: 403, body: { message: 'Admins only' } });
    renderScreen({ routes, at: '/dashboard/audit', as: 'admin' });
    expect(await screen.findByText('The audit log could not be loaded: Admins only')).toBeInTheDocument();

    api.on('GET', '/api/audit/list', { body: [sampleAuditEntry({ targetName: 'Back Seller' })] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back Seller')).toBeInTheDocument();
  });
});
