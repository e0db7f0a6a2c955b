import { screen, waitFor } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import routes from '../routes';
import { fakeApiForEachTest, renderScreen, sampleBooking } from '@bookswap/shared/testing';

// Stripe's script is never fetched in a test: the loader is replaced, and stays pending like a slow network.
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => new Promise(() => {})) }));

describe('the payment screen when the server charges through Stripe', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    jest.mocked(loadStripe).mockClear();
    api.on('GET', '/api/booking/list/bk1', { body: sampleBooking({ _id: 'bk1', book_name: 'Ulysses' }) });
    api.on('POST', '/api/payment/create/intent', { body: { clientSecret: 'pi_123_secret_456' } });
  });

  it('loads Stripe.js with the publishable key the server gives, not the sandbox', async () => {
    api.on('GET', '/api/payments/config', { body: { mode: 'stripe', publishableKey: 'pk_test_bookswap' } });
    renderScreen({ routes, at: '/dashboard/payment/bk1', as: 'buyer' });
    await waitFor(() => expect(loadStripe).toHaveBeenCalledWith('pk_test_bookswap'));
    expect(loadStripe).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading the card form' })).toBeInTheDocument();
  });

  it('uses the sandbox and never loads Stripe.js when the server runs its card sandbox', async () => {
    api.on('GET', '/api/payments/config', { body: { mode: 'sandbox' } });
    renderScreen({ routes, at: '/dashboard/payment/bk1', as: 'buyer' });
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
