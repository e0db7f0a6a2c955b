import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleReport } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const rowOf = (bookName: string) => screen.getByRole('row', { name: new RegExp(bookName) });

describe('the Report table', () => {
  const api = fakeApiForEachTest();

  it('lists who reported which book and why, with Hide Product and Dismiss on open reports only', async () => {
    api.on('GET', '/api/report/list', {
      body: [
        sampleReport({ reporterName: 'Bea Buyer', productName: 'Open Book', reason: 'High Price' }),
        sampleReport({ productName: 'Hidden Book', report: true, status: 'hidden' }),
        sampleReport({ productName: 'Dismissed Book', status: 'dismissed' }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Reporter',
      'Book',
      'Reason',
      'Status',
      'Action',
    ]);
    const open = rowOf('Open Book');
    expect(within(open).getByRole('cell', { name: 'Bea Buyer' })).toBeInTheDocument();
    expect(within(open).getByRole('cell', { name: 'High Price' })).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Open Book' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/bookDetails\//),
    );
    expect(within(open).getByRole('button', { name: 'Hide Product Open Book' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Dismiss report on Open Book' })).toBeInTheDocument();

    for (const [book, status] of [
      ['Hidden Book', 'Hidden'],
      ['Dismissed Book', 'Dismissed'],
    ] as const) {
      expect(within(rowOf(book)).getByRole('cell', { name: status })).toBeInTheDocument();
      expect(within(rowOf(book)).queryByRole('button')).not.toBeInTheDocument();
      expect(within(rowOf(book)).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('shows the reporter’s own words beside the reason Other', async () => {
    api.on('GET', '/api/report/list', {
      body: [
        sampleReport({ productName: 'Explained Book', reason: 'Other', details: 'Pages 40 to 60 are missing' }),
        sampleReport({ productName: 'Unexplained Book', reason: 'Other', details: null }),
        sampleReport({ productName: 'Older Book', reason: 'High Price' }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    await screen.findByRole('table', { name: 'Reports' });
    expect(within(rowOf('Explained Book')).getByRole('cell', { name: 'Other: Pages 40 to 60 are missing' })).toBeVisible();
    expect(within(rowOf('Unexplained Book')).getByRole('cell', { name: 'Other' })).toBeInTheDocument();
    expect(within(rowOf('Older Book')).getByRole('cell', { name: 'High Price' })).toBeInTheDocument();
  });

  it('hides a reported book after the product confirmation with a Hide button, then the action is gone', async () => {
    const report = sampleReport({ productId: 'p-42', productName: 'Fake Atlas' });
    let reports = [report];
    api.on('GET', '/api/report/list', () => ({ body: reports }));
    api.on('PUT', '/api/report/update/p-42', () => {
      reports = [{ ...report, report: true, status: 'hidden' }];
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Hide Product Fake Atlas' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to detele product' });
    // The dialog says what Hide does: no delete, and what happens to the listing, its reports and its seller.
    expect(dialog).toHaveTextContent(
      'Hiding Fake Atlas takes it off the store and out of the ads, closes every report on it and tells the seller why.',
    );
    expect(dialog).toHaveTextContent('The listing is kept, not deleted, but it cannot be shown again from Bookswap.');
    expect(dialog).not.toHaveTextContent('if you delete');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));

    expect(await findToast('Product hidden successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('Fake Atlas')).getByRole('cell', { name: 'Hidden' })).toBeInTheDocument());
    expect(within(rowOf('Fake Atlas')).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/report/update/p-42')).toHaveLength(1);
  });

  it('dismisses an unfounded report by its own id after its confirmation', async () => {
    const report = sampleReport({ _id: 'r-7', productId: 'p-7', productName: 'Honest Book' });
    let reports = [report];
    api.on('GET', '/api/report/list', () => ({ body: reports }));
    api.on('PUT', '/api/report/dismiss/r-7', () => {
      reports = [{ ...report, status: 'dismissed' }];
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss report on Honest Book' }));

    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    expect(dialog).toHaveTextContent('Honest Book stays listed and this report is closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await findToast('Report dismissed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(rowOf('Honest Book')).getByRole('cell', { name: 'Dismissed' })).toBeInTheDocument(),
    );
    expect(api.callsTo('PUT', '/api/report/update/p-7')).toHaveLength(0);
  });

  it('says why when another admin handled the report first, and refreshes the table', async () => {
    const report = sampleReport({ _id: 'r-8', productName: 'Raced Book' });
    let reports = [report];
    api.on('GET', '/api/report/list', () => ({ body: reports }));
    api.on('PUT', '/api/report/dismiss/r-8', () => {
      reports = [{ ...report, report: true, status: 'hidden' }];
      return { status: 409, body: { message: 'This report is already hidden' } };
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss report on Raced Book' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Dismiss' }));

    expect(await findToast('This report is already hidden')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(rowOf('Raced Book')).getByRole('cell', { name: 'Hidden' })).toBeInTheDocument());
  });

  it('says No Report when nothing was reported', async () => {
    api.on('GET', '/api/report/list', { body: [] });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    expect(await screen.findByText('No Report')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while the reports load', async () => {
    api.on('GET', '/api/report/list', never);
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the reports' })).toBeInTheDocument();
  });

  it('shows a server error in place with a Retry that loads the reports', async () => {
    api.on('GET', '/api/report/list', { status: 500, body: { message: 'Reports are unavailable' } });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    expect(await screen.findByText('The reports could not be loaded: Reports are unavailable')).toBeInTheDocument();

    api.on('GET', '/api/report/list', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No Report')).toBeInTheDocument();
  });

  it('finds reports by the reporter or the book', async () => {
    api.on('GET', '/api/report/list', {
      body: [
        sampleReport({ reporterName: 'Bea Buyer', productName: 'Dune' }),
        sampleReport({ reporterName: 'Cal Critic', productName: 'Emma' }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/show-report', as: 'admin' });
    const search = await screen.findByRole('searchbox', { name: 'Search by reporter or book' });
    await user.type(search, 'cal');
    expect(rowOf('Emma')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Dune/ })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'dune');
    expect(rowOf('Dune')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Emma/ })).not.toBeInTheDocument();
  });
});
