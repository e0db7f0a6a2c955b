import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@bookswap/shared/schemas';
import { fakeApiForEachTest, findToast, renderScreen, sampleBooking, sampleProduct } from '@bookswap/shared/testing';
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
});
