import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, signedOutAuth, type AuthContextValue } from '@bookswap/contract/auth';
import type { Product } from '@bookswap/shared/schemas';
import {
  fakeApiForEachTest,
  findToast,
  renderScreen,
  sampleBooking,
  sampleProduct,
  signedInAs,
} from '@bookswap/shared/testing';
import { useMyBookings } from '@bookswap/shared/ui';
import { useBookActions } from './use-book-actions';

const user = userEvent.setup({ delay: null });

const gitanjali = sampleProduct({ _id: 'g1', book_name: 'Gitanjali' });
const dracula = sampleProduct({ _id: 'd1', book_name: 'Dracula' });

/**
 * Book Now buttons drawn before the buyer's bookings arrived: unlike a card's, they stay whatever the bookings
 * say, so pressing one after the bookings are in tests the check Book Now itself makes.
 */
function ButtonsDrawnEarly({ products }: { products: Product[] }) {
  const actions = useBookActions();
  const bookings = useMyBookings();
  return (
    <>
      {products.map((product) => (
        <button key={product._id} type="button" onClick={() => actions.bookNow(product)}>
          Book {product.book_name} now
        </button>
      ))}
      {bookings.data && <p>Your bookings are in</p>}
      {actions.modals}
    </>
  );
}

const routes = [{ path: '/', element: <ButtonsDrawnEarly products={[gitanjali, dracula]} /> }];

/** A session that starts loading, as every page does (the server drew it so), and settles when the test says. */
function settlingSession() {
  let auth: AuthContextValue = { ...signedOutAuth, loading: true };
  const listeners = new Set<() => void>();
  function Session({ children }: { children: ReactNode }) {
    const value = useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => auth,
    );
    return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  }
  const settle = (settled: AuthContextValue) =>
    act(() => {
      auth = settled;
      listeners.forEach((listener) => listener());
    });
  const routesIn = [
    {
      path: '/',
      element: (
        <Session>
          <ButtonsDrawnEarly products={[gitanjali, dracula]} />
        </Session>
      ),
    },
  ];
  return { routes: routesIn, settle };
}

describe('Book Now', () => {
  const api = fakeApiForEachTest();

  it('refuses a second booking of the same book before the form opens, and says where the first one is', async () => {
    api.on('GET', '/api/booking/list', {
      body: [sampleBooking({ category_id: 'g1', book_name: 'Gitanjali', status: 'waiting-for-payment' })],
    });
    renderScreen({ routes, at: '/', as: 'buyer' });
    await screen.findByText('Your bookings are in');

    await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
    expect(await findToast('You already booked Gitanjali: see My Orders')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Another book still opens its form: the refusal is about the one booked book only.
    await user.click(screen.getByRole('button', { name: 'Book Dracula now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Dracula' });
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(within(dialog).getByText('Dracula')).toBeInTheDocument();
  });

  it('refuses a paid booking’s book too', async () => {
    api.on('GET', '/api/booking/list', {
      body: [sampleBooking({ category_id: 'g1', book_name: 'Gitanjali', status: 'paid' })],
    });
    renderScreen({ routes, at: '/', as: 'buyer' });
    await screen.findByText('Your bookings are in');
    await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
    expect(await findToast('You already booked Gitanjali: see My Orders')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the form again once the earlier booking was cancelled, declined or lost to another buyer', async () => {
    api.on('GET', '/api/booking/list', {
      body: (['cancelled-by-buyer', 'declined', 'sold-to-another-buyer'] as const).map((status) =>
        sampleBooking({ category_id: 'g1', book_name: 'Gitanjali', status }),
      ),
    });
    renderScreen({ routes, at: '/', as: 'buyer' });
    await screen.findByText('Your bookings are in');
    await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
    expect(await screen.findByRole('dialog', { name: 'Book Gitanjali' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login screen and asks nothing about bookings', async () => {
    renderScreen({ routes, at: '/' });
    await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
    expect(await screen.findByText('Login screen, back to /?resumeId=g1&resume=book')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/list')).toHaveLength(0);
  });

  describe('a tap made before the page knows who is signed in is kept, never lost (decision 068)', () => {
    it('opens the form once the session settles on a buyer, and only once for two taps', async () => {
      const session = settlingSession();
      renderScreen({ routes: session.routes, at: '/' });
      await user.click(screen.getByRole('button', { name: 'Book Dracula now' }));
      await user.click(screen.getByRole('button', { name: 'Book Dracula now' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText(/Login screen/)).not.toBeInTheDocument();

      await session.settle(signedInAs('buyer'));
      const dialog = await screen.findByRole('dialog', { name: 'Book Dracula' });
      expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    });

    it('goes to the login screen, back to the book, once the session settles signed out', async () => {
      const session = settlingSession();
      renderScreen({ routes: session.routes, at: '/' });
      await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
      await session.settle(signedOutAuth);
      expect(await screen.findByText('Login screen, back to /?resumeId=g1&resume=book')).toBeInTheDocument();
    });

    it('waits for the buyer’s bookings, so a book booked already is refused rather than opened', async () => {
      let answerBookings: (() => void) | undefined;
      api.on(
        'GET',
        '/api/booking/list',
        () =>
          new Promise((resolve) => {
            answerBookings = () => resolve({ body: [sampleBooking({ category_id: 'g1', book_name: 'Gitanjali' })] });
          }),
      );
      renderScreen({ routes, at: '/', as: 'buyer' });
      await user.click(screen.getByRole('button', { name: 'Book Gitanjali now' }));
      await waitFor(() => expect(answerBookings).toBeDefined());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      answerBookings!();
      expect(await findToast('You already booked Gitanjali: see My Orders')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
