import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import {
  answerBookingPage,
  type FakeApi,
  fakeApiForEachTest,
  type FakeCall,
  findToast,
  never,
  renderScreen,
  sampleBooking,
} from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const SECRET = 'pi_sandbox_7_secret_abc';
const booking = sampleBooking({
  _id: 'bk7',
  book_name: 'Middlemarch',
  price: '12.50',
  // The time of booking, written in the reader's zone; the text the buyer's screen sent is not shown.
  bookedAt: '2026-11-02T15:30:00.000Z',
  bookDate: 'November 2, 2026 at 10:30 AM',
  category_id: 'p7',
  paid: false,
});
const succeeded = { paymentIntent: { id: 'pi_sandbox_7', status: 'succeeded', amount: 1250, currency: 'usd' } };
const declined = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
};

/** A server whose booking is unpaid, in sandbox mode, ready to take a payment. */
function serveUnpaidBooking(api: FakeApi) {
  api.on('GET', '/api/booking/list/bk7', { body: booking });
  api.on('GET', '/api/payments/config', { body: { mode: 'sandbox' } });
  api.on('POST', '/api/payment/create/intent', { body: { clientSecret: SECRET } });
  api.on('POST', '/api/payments/sandbox/confirm', { body: succeeded });
  api.on('POST', '/api/payment/create', { status: 201, body: { acknowledged: true, insertedId: 'pay1' } });
}

/** The server records the payment; the answer says whether it has been recorded yet. */
function recordPayment(api: FakeApi): () => boolean {
  let paid = false;
  api.on('POST', '/api/payment/create', () => {
    paid = true;
    return { status: 201, body: { acknowledged: true, insertedId: 'pay1' } };
  });
  return () => paid;
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

async function typeCard(number = '4242 4242 4242 4242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

async function openPayment(api: FakeApi) {
  const view = renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
  await screen.findByRole('heading', { level: 1, name: 'Payment for Middlemarch' });
  await waitFor(() => expect(payButton()).toBeEnabled());
  expect(api.callsTo('POST', '/api/payment/create/intent')[0]!.body).toEqual({ price: '12.50', bookingid: 'bk7' });
  return view;
}

describe('the payment screen', () => {
  const api = fakeApiForEachTest();

  it('shows what is paid for, the price and the booking date, and a labelled card form', async () => {
    serveUnpaidBooking(api);
    await openPayment(api);
    expect(screen.getByText(/^Please pay/)).toHaveTextContent(
      'Please pay $12.50 for your booking November 2, 2026 at 3:30 PM (UTC)',
    );
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('shows a spinner while the booking loads', async () => {
    api.on('GET', '/api/booking/list/bk7', never);
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the booking' })).toBeInTheDocument();
  });

  it('says why the booking could not be loaded, and Retry loads it', async () => {
    serveUnpaidBooking(api);
    api.on('GET', '/api/booking/list/bk7', { status: 403, body: { message: 'You can only see your own bookings' } });
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(
      await screen.findByText('This booking could not be loaded: You can only see your own bookings'),
    ).toBeInTheDocument();
    expect(await findToast('You can only see your own bookings')).toBeInTheDocument();
    api.on('GET', '/api/booking/list/bk7', { body: booking });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Payment for Middlemarch' })).toBeInTheDocument();
  });

  it('shows a booking already paid as paid, with no card form and no new payment', async () => {
    serveUnpaidBooking(api);
    api.on('GET', '/api/booking/list/bk7', { body: { ...booking, paid: true, status: 'paid' } });
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByText('This booking is already paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/create/intent')).toHaveLength(0);
  });

  it.each([
    ['sold-to-another-buyer', 'This book is already sold.'],
    ['declined', 'The seller declined this booking, so it cannot be paid.'],
    ['cancelled-by-buyer', 'You cancelled this booking, so there is nothing to pay.'],
  ] as const)('says why a %s booking cannot be paid, with no card form and no Retry', async (status, reason) => {
    serveUnpaidBooking(api);
    api.on('GET', '/api/booking/list/bk7', { body: { ...booking, status } });
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/create/intent')).toHaveLength(0);
  });

  it('keeps Pay disabled until the booking’s client secret arrives', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payment/create/intent', never);
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    await typeCard();
    expect(payButton()).toBeDisabled();
  });

  it('keeps Pay disabled until the card provider’s client is ready', async () => {
    serveUnpaidBooking(api);
    api.on('GET', '/api/payments/config', never);
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the card form' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/payment/create/intent')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('says why the payment cannot start when the server refuses the intent, with the way to My Orders, not a Retry', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payment/create/intent', { status: 409, body: { message: 'This book is already sold' } });
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByText('The payment could not be started: This book is already sold')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers a retry when the intent failed on the server’s side, and the retry makes the form usable', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payment/create/intent', { status: 503, body: { message: 'The database is busy' } });
    renderScreen({ routes, at: '/dashboard/payment/bk7', as: 'buyer' });
    expect(await screen.findByText('The payment could not be started: The database is busy')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    api.on('POST', '/api/payment/create/intent', { body: { clientSecret: SECRET } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('disables Pay while the payment runs, so a double click charges once', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payments/sandbox/confirm', never);
    await openPayment(api);
    await typeCard();
    await user.dblClick(payButton());
    expect(payButton()).toBeDisabled();
    expect(await screen.findByText('Processing your payment…')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/sandbox/confirm')).toHaveLength(1);
  });

  it('pays with the billing name and email, records the payment, confirms it and goes to My Orders', async () => {
    serveUnpaidBooking(api);
    const paidYet = recordPayment(api);
    api.on('GET', '/api/booking/orders', (call) =>
      answerBookingPage([{ ...booking, paid: paidYet(), status: paidYet() ? 'paid' : 'waiting-for-payment' }], call),
    );
    const { router } = await openPayment(api);
    await typeCard();
    await user.click(payButton());

    expect(await screen.findByText('congrats! your payment complete')).toBeInTheDocument();
    expect(screen.getByText('pi_sandbox_7')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/sandbox/confirm')[0]!.body).toEqual({
      clientSecret: SECRET,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billingDetails: { name: 'Bea Buyer', email: 'buyer@bookswap.test' },
    });
    expect(api.callsTo('POST', '/api/payment/create').map((call: FakeCall) => call.body)).toEqual([
      {
        price: '12.50',
        bookingid: 'bk7',
        buyerEmail: 'buyer@bookswap.test',
        category_id: 'p7',
        transactionId: 'pi_sandbox_7',
      },
    ]);
    expect(payButton()).toBeDisabled();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myorder'));
    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(await within(table).findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('congrats! your payment complete')).toBeInTheDocument();
    expect(screen.getByText('pi_sandbox_7')).toBeInTheDocument();
  });

  it('keeps its confirmation when the booking it asks for again after the payment reads paid', async () => {
    serveUnpaidBooking(api);
    const paidYet = recordPayment(api);
    api.on('GET', '/api/booking/list/bk7', () => ({
      body: paidYet() ? { ...booking, paid: true, status: 'paid' } : booking,
    }));
    api.on('GET', '/api/booking/orders', (call) => answerBookingPage([], call));
    await openPayment(api);
    // The screen read the booking its route's loader asked for: one request.
    expect(api.callsTo('GET', '/api/booking/list/bk7')).toHaveLength(1);
    await typeCard();
    await user.click(payButton());

    expect(await screen.findByText('congrats! your payment complete')).toBeInTheDocument();
    // The payment makes the booking stale: the screen asks again, hears paid, and still shows what just happened.
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/list/bk7')).toHaveLength(2));
    expect(screen.getByText('congrats! your payment complete')).toBeInTheDocument();
    expect(screen.queryByText('This booking is already paid.')).not.toBeInTheDocument();
  });

  it('shows the order as Paid, without Pay or Cancel, on My Orders before the orders reload', async () => {
    serveUnpaidBooking(api);
    api.on('GET', '/api/booking/orders', (call) => answerBookingPage([booking], call));
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await user.click(await screen.findByRole('link', { name: 'Pay for Middlemarch' }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await typeCard();
    // From here My Orders has only what it cached and what the payment screen wrote into that cache.
    api.on('GET', '/api/booking/orders', never);
    await user.click(payButton());

    const table = await screen.findByRole('table', { name: 'My Orders' }, { timeout: 5_000 });
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Pay for Middlemarch' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('shows a declined card’s message in red and records nothing', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payments/sandbox/confirm', { body: declined });
    await openPayment(api);
    await typeCard('4000 0000 0000 0002');
    await user.click(payButton());
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Your card was declined.');
    expect(message).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(api.callsTo('POST', '/api/payment/create')).toHaveLength(0);
    expect(payButton()).toBeEnabled();
    // The keyboard is back on the card; moving through its fields keeps the message readable.
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('refuses an unfinished card in the browser, as Stripe does, without calling the server', async () => {
    serveUnpaidBooking(api);
    await openPayment(api);
    await user.type(screen.getByLabelText('Card number'), '4242 4242');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(api.callsTo('POST', '/api/payments/sandbox/confirm')).toHaveLength(0);
  });

  it('shows the server’s refund message when the book was sold to someone else meanwhile', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payment/create', {
      status: 409,
      body: { message: 'This book was sold to someone else. Your payment was refunded.' },
    });
    await openPayment(api);
    await typeCard();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This book was sold to someone else. Your payment was refunded.',
    );
    expect(screen.queryByText('congrats! your payment complete')).not.toBeInTheDocument();
  });

  it('records the charge of an earlier attempt instead of charging again (a reload mid-payment)', async () => {
    serveUnpaidBooking(api);
    api.on('POST', '/api/payments/sandbox/confirm', {
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'This payment has already succeeded.',
        },
      },
    });
    await openPayment(api);
    await typeCard();
    await user.click(payButton());
    expect(await screen.findByText('congrats! your payment complete')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payment/create')[0]!.body).toMatchObject({ transactionId: 'pi_sandbox_7' });
  });

  describe('with a card that asks for 3-D Secure', () => {
    beforeEach(() => {
      serveUnpaidBooking(api);
      api.on('POST', '/api/payments/sandbox/confirm', {
        body: { paymentIntent: { id: 'pi_sandbox_7', status: 'requires_action', amount: 1250, currency: 'usd' } },
      });
    });

    it('pays once the buyer completes the authentication', async () => {
      api.on('POST', '/api/payments/sandbox/authenticate', { body: succeeded });
      await openPayment(api);
      await typeCard('4000 0025 0000 3155');
      await user.click(payButton());
      const dialog = await screen.findByRole('dialog', { name: '3D Secure test payment' });
      expect(dialog).toHaveTextContent('$12.50');
      expect(within(dialog).getByRole('button', { name: 'Complete authentication' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
      expect(await screen.findByText('congrats! your payment complete')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/payments/sandbox/authenticate')[0]!.body).toEqual({
        clientSecret: SECRET,
        approve: true,
      });
      expect(api.callsTo('POST', '/api/payment/create')).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('shows the authentication failure in red and records nothing when the buyer fails it', async () => {
      api.on('POST', '/api/payments/sandbox/authenticate', {
        body: {
          error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        },
      });
      await openPayment(api);
      await typeCard('4000 0025 0000 3155');
      await user.click(payButton());
      const dialog = await screen.findByRole('dialog', { name: '3D Secure test payment' });
      await user.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
      expect(api.callsTo('POST', '/api/payments/sandbox/authenticate')[0]!.body).toEqual({
        clientSecret: SECRET,
        approve: false,
      });
      expect(api.callsTo('POST', '/api/payment/create')).toHaveLength(0);
      expect(payButton()).toBeEnabled();
    });

    it('fails the authentication when the buyer presses Escape, and puts the keyboard back on the card', async () => {
      api.on('POST', '/api/payments/sandbox/authenticate', {
        body: {
          error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: 'Authentication failed.',
          },
        },
      });
      await openPayment(api);
      await typeCard('4000 0025 0000 3155');
      act(() => payButton().focus());
      await user.keyboard('{Enter}');
      await screen.findByRole('dialog', { name: '3D Secure test payment' });
      await user.keyboard('{Escape}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed.');
      expect(api.callsTo('POST', '/api/payments/sandbox/authenticate')[0]!.body).toMatchObject({ approve: false });
      await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
    });
  });
});
