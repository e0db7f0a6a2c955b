import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleUser } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the All Seller List', () => {
  const api = fakeApiForEachTest();

  it('lists each seller with name and email, a Verify button when unverified or the text verified', async () => {
    api.on('GET', '/api/user/role', {
      body: [
        sampleUser({ userName: 'Una Verified', userEmail: 'una@bookswap.test', role: 'seller', verify: false }),
        sampleUser({ userName: 'Tia Ticked', userEmail: 'tia@bookswap.test', role: 'seller', verify: true }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'All Seller List' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All Seller List' });
    expect(within(table).getByRole('cell', { name: 'una@bookswap.test' })).toBeInTheDocument();
    expect(within(rowOf('Una Verified')).getByRole('button', { name: 'Verify Una Verified' })).toBeInTheDocument();
    expect(within(rowOf('Tia Ticked')).getByText('verified')).toBeInTheDocument();
    expect(within(rowOf('Tia Ticked')).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/role')[0]!.url.searchParams.get('role')).toBe('seller');
  });

  it('verifies a seller: a toast, the row reads verified at once and the list is fetched again', async () => {
    const seller = sampleUser({ _id: 'seller-1', userName: 'Una Verified', role: 'seller', verify: false });
    api.on('GET', '/api/user/role', { body: [seller] });
    api.on('PUT', '/api/user/seller/verify/seller-1', { body: { acknowledged: true, modifiedCount: 1 } });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Verify Una Verified' }));

    expect(await findToast('verify successfully')).toBeInTheDocument();
    expect(within(rowOf('Una Verified')).getByText('verified')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/seller/verify/seller-1')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/user/role')).toHaveLength(2));
  });

  it('says so when another admin verified the seller meanwhile, and the row reads verified', async () => {
    api.on('GET', '/api/user/role', { body: [sampleUser({ _id: 's5', userName: 'Mia Meanwhile', role: 'seller' })] });
    api.on('PUT', '/api/user/seller/verify/s5', { body: { acknowledged: true, modifiedCount: 0 } });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Verify Mia Meanwhile' }));
    expect(await findToast('Mia Meanwhile is already verified')).toBeInTheDocument();
    expect(screen.queryByText('verify successfully')).not.toBeInTheDocument();
    expect(within(rowOf('Mia Meanwhile')).getByText('verified')).toBeInTheDocument();
  });

  it('keeps the Verify button and says why when the server refuses', async () => {
    api.on('GET', '/api/user/role', { body: [sampleUser({ _id: 's2', userName: 'Ray Refused', role: 'seller' })] });
    api.on('PUT', '/api/user/seller/verify/s2', { status: 409, body: { message: 'Only sellers can be verified' } });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Verify Ray Refused' }));
    expect(await findToast('Only sellers can be verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Ray Refused' })).toBeEnabled();
    expect(within(rowOf('Ray Refused')).queryByText('verified')).not.toBeInTheDocument();
  });

  it('deletes a seller after a confirmation that names them, then refreshes the list', async () => {
    const seller = sampleUser({ _id: 's3', userName: 'Dana Doomed', role: 'seller', verify: true });
    let listed = [seller];
    api.on('GET', '/api/user/role', () => ({ body: listed }));
    api.on('DELETE', '/api/user/delete/s3', () => {
      listed = [];
      return { body: { acknowledged: true, deletedCount: 1 } };
    });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Dana Doomed' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to detele Buyer' });
    expect(dialog).toHaveTextContent('if you delete Dana Doomed It cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Delete successfully')).toBeInTheDocument();
    expect(await screen.findByText('No sellers yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a spinner while the sellers load', async () => {
    api.on('GET', '/api/user/role', never);
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the sellers' })).toBeInTheDocument();
  });

  it('says so when there is no seller', async () => {
    api.on('GET', '/api/user/role', { body: [] });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    expect(await screen.findByText('No sellers yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a server error in place with a Retry that loads the list', async () => {
    api.on('GET', '/api/user/role', { status: 500, body: { message: 'The database is unavailable' } });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    expect(await screen.findByText('The sellers could not be loaded: The database is unavailable')).toBeInTheDocument();
    expect(await findToast('The database is unavailable')).toBeInTheDocument();

    api.on('GET', '/api/user/role', { body: [sampleUser({ userName: 'Back Again', role: 'seller' })] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Back Again' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('shows 45 sellers twenty at a time and finds one by email', async () => {
    api.on('GET', '/api/user/role', {
      body: Array.from({ length: 45 }, (_, index) =>
        sampleUser({ userName: `Seller ${index + 1}`, userEmail: `s${index + 1}@shop.test`, role: 'seller' }),
      ),
    });
    renderScreen({ routes, at: '/dashboard/allseller', as: 'admin' });
    const table = await screen.findByRole('table', { name: 'All Seller List' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–20 of 45');
    const pages = screen.getByRole('navigation', { name: 'All Seller List pages' });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 41–45 of 45');
    expect(rowOf('Seller 45')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 's7@shop');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Seller 7')).toBeInTheDocument();
  });
});
