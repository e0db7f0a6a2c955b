import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleUser } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

describe('the All Buyer List', () => {
  const api = fakeApiForEachTest();

  it('lists each buyer with name, email and a Delete action, and no Verify', async () => {
    api.on('GET', '/api/user/role', {
      body: [
        sampleUser({ userName: 'Bea Buyer', userEmail: 'bea@bookswap.test' }),
        sampleUser({ userName: 'Bo Reader', userEmail: 'bo@bookswap.test' }),
      ],
    });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    const table = await screen.findByRole('table', { name: 'All Buyer List' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Delete']);
    expect(within(table).getByRole('cell', { name: 'bo@bookswap.test' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Bea Buyer' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/role')[0]!.url.searchParams.get('role')).toBe('buyer');
  });

  it('deletes a buyer after a confirmation with their real name, then the list no longer has them', async () => {
    const keep = sampleUser({ userName: 'Kim Kept' });
    const doomed = sampleUser({ _id: 'b-9', userName: 'Lee Leaving' });
    let listed = [keep, doomed];
    api.on('GET', '/api/user/role', () => ({ body: listed }));
    api.on('DELETE', '/api/user/delete/b-9', () => {
      listed = [keep];
      return { body: { acknowledged: true, deletedCount: 1 } };
    });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Lee Leaving' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to detele Buyer' });
    expect(within(dialog).getByText('if you delete Lee Leaving It cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Delete successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Lee Leaving' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Kim Kept' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/delete/b-9')).toHaveLength(1);
  });

  it('deletes nobody when the admin cancels', async () => {
    api.on('GET', '/api/user/role', { body: [sampleUser({ userName: 'Sid Safe' })] });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Sid Safe' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: 'Sid Safe' })).toBeInTheDocument();
  });

  it('keeps the dialog open and shows the reason when the delete fails', async () => {
    api.on('GET', '/api/user/role', { body: [sampleUser({ _id: 'b-4', userName: 'Ali Admin' })] });
    api.on('DELETE', '/api/user/delete/b-4', {
      status: 403,
      body: { message: 'Admins are managed by server configuration' },
    });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Delete Ali Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Admins are managed by server configuration')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Are you sure to detele Buyer' })).toBeInTheDocument();
  });

  it('shows a spinner while the buyers load', async () => {
    api.on('GET', '/api/user/role', never);
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the buyers' })).toBeInTheDocument();
  });

  it('says so when there is no buyer', async () => {
    api.on('GET', '/api/user/role', { body: [] });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    expect(await screen.findByText('No buyers yet')).toBeInTheDocument();
  });

  it('shows a server error in place with a Retry', async () => {
    api.on('GET', '/api/user/role', { status: 503, body: { message: 'Try again in a minute' } });
    renderScreen({ routes, at: '/dashboard/alluser', as: 'admin' });
    expect(await screen.findByText('The buyers could not be loaded: Try again in a minute')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
