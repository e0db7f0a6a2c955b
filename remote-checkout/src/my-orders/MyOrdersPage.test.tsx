import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, never, renderScreen, sampleBooking } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

describe('My Orders', () => {
  const api = fakeApiForEachTest();

  it('lists the buyer’s bookings with image, name and price, Paid or a Pay link to the payment screen', async () => {
    const unpaid = sampleBooking({ _id: 'b1', book_name: 'Dracula', price: '14', paid: false });
    const paid = sampleBooking({ _id: 'b2', book_name: 'Emma', price: '9.50', paid: true });
    api.on('GET', '/api/booking/list', { body: [unpaid, paid] });
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const [, draculaRow, emmaRow] = within(table).getAllByRole('row');
    expect(within(draculaRow!).getByRole('img', { name: 'Cover of Dracula' })).toBeInTheDocument();
    expect(within(draculaRow!).getByText('Dracula')).toBeInTheDocument();
    expect(within(draculaRow!).getByText('$14')).toBeInTheDocument();
    expect(within(draculaRow!).getByRole('link', { name: 'Pay for Dracula' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b1',
    );
    expect(within(emmaRow!).getByText('$9.50')).toBeInTheDocument();
    expect(within(emmaRow!).getByText('Paid')).toBeInTheDocument();
    expect(within(emmaRow!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/list')[0]!.url.searchParams.get('email')).toBe('buyer@bookswap.test');
  });

  it('says No Order when the buyer has booked nothing', async () => {
    api.on('GET', '/api/booking/list', { body: [] });
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByText('No Order')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while the orders load', async () => {
    api.on('GET', '/api/booking/list', never);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByRole('progressbar', { name: 'Loading your orders' })).toBeInTheDocument();
  });

  it('says why the orders failed to load, and Retry loads them', async () => {
    api.on('GET', '/api/booking/list', { status: 500, body: { message: 'The database is busy' } });
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByText('Your orders could not be loaded: The database is busy')).toBeInTheDocument();
    expect(await findToast('The database is busy')).toBeInTheDocument();

    api.on('GET', '/api/booking/list', { body: [sampleBooking({ book_name: 'Persuasion' })] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Pay for Persuasion' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument());
  });

  it('keeps the payment confirmation handed over by the payment screen until it is closed', async () => {
    api.on('GET', '/api/booking/list', { body: [sampleBooking({ book_name: 'Emma', paid: true })] });
    const { router } = renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await screen.findByText('Paid');
    await act(() =>
      router.navigate('/dashboard/myorder', {
        state: { paymentConfirmation: { bookName: 'Emma', transactionId: 'pi_sandbox_123' } },
      }),
    );
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('congrats! your payment complete');
    expect(banner).toHaveTextContent('Your transaction id: pi_sandbox_123');
    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('congrats! your payment complete')).not.toBeInTheDocument());
  });
});
