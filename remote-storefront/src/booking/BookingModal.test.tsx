import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, renderScreen, sampleProduct } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const book = sampleProduct({
  _id: 'b7',
  book_name: 'Moby Dick',
  resale_price: '9.50',
  category_id: '8',
  category_name: 'Literature',
  img: 'http://api.test/images/moby.png',
});

describe('booking a book', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    api.on('GET', '/api/category/list', { body: { products: [book], count: 1 } });
    // The buyer has booked nothing yet; after booking, the card's change is BookDetailsPage.test's story.
    api.on('GET', '/api/booking/list', { body: [] });
  });

  async function openBooking() {
    renderScreen({ routes, at: '/category/8', as: 'buyer' });
    const bookNow = await screen.findByRole('button', { name: 'Book Now' });
    await user.click(bookNow);
    return { bookNow, dialog: await screen.findByRole('dialog', { name: 'Book Moby Dick' }) };
  }

  /** The read-only facts, label to value, as the definition list says them. */
  const facts = (dialog: HTMLElement) =>
    Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );

  it('shows the book, price and booking time as text, and sends the booking', async () => {
    api.on('POST', '/api/booking/create', { body: { acknowledged: true, insertedId: 'k1' } });
    const { bookNow, dialog } = await openBooking();
    const shown = facts(dialog);
    // In the reader's zone, which the label names (the tests run in UTC).
    expect(shown).toEqual({ 'Book name': 'Moby Dick', Price: '$9.50', 'Booking date (UTC)': expect.any(String) });
    const bookDate = shown['Booking date (UTC)'] as string;
    expect(bookDate).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    // Only what the buyer fills in takes the focus: nothing read-only is a field.
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(2);
    expect(within(dialog).getByLabelText(/Phone/)).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText(/Meeting location/)).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.type(within(dialog).getByLabelText(/Phone/), '+1 555 0142');
    await user.type(within(dialog).getByLabelText(/Meeting location/), 'City library');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await findToast('Booked confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bookNow).toHaveFocus();
    const [call] = api.callsTo('POST', '/api/booking/create');
    expect(call!.headers.get('authorization')).toBeNull(); // no token stored in this test
    expect(call!.body).toEqual({
      bookDate,
      category_name: 'Literature',
      category_id: 'b7',
      buyerName: 'Bea Buyer',
      buyerEmail: 'buyer@bookswap.test',
      user_uid: 'buyer-uid',
      book_name: 'Moby Dick',
      img: 'http://api.test/images/moby.png',
      price: '9.50',
      phone: '+1 555 0142',
      meetingLocation: 'City library',
    });
  });

  it('asks for a phone number and a meeting place before sending', async () => {
    const { dialog } = await openBooking();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Enter a phone number')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter where to meet')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/create')).toHaveLength(0);
  });

  it('keeps the form open and shows the server error as a toast', async () => {
    api.on('POST', '/api/booking/create', { status: 409, body: { message: 'This book is already sold' } });
    const { dialog } = await openBooking();
    await user.type(within(dialog).getByLabelText(/Phone/), '5550142');
    await user.type(within(dialog).getByLabelText(/Meeting location/), 'Park');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await findToast('This book is already sold')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Book Moby Dick' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Phone/)).toHaveValue('5550142');
  });

  it('keeps what the buyer typed when the server cannot be reached, says so in the dialog, and books when sent again', async () => {
    let reachable = false;
    api.on('POST', '/api/booking/create', () => {
      // What fetch does when nothing listens on the API's port.
      if (!reachable) throw new TypeError('Failed to fetch');
      return { status: 201, body: { acknowledged: true, insertedId: 'k2' } };
    });
    const { dialog } = await openBooking();
    await user.type(within(dialog).getByLabelText(/Phone/), '+1 555 0177');
    await user.type(within(dialog).getByLabelText(/Meeting location/), 'Station clock');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not booked: The server cannot be reached. Check your connection and try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Book Moby Dick' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Phone/)).toHaveValue('+1 555 0177');
    expect(within(dialog).getByLabelText(/Meeting location/)).toHaveValue('Station clock');

    reachable = true;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await findToast('Booked confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo('POST', '/api/booking/create');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ phone: '+1 555 0177', meetingLocation: 'Station clock' });
  });

  it('closes with Escape and gives the focus back to Book Now', async () => {
    const { bookNow } = await openBooking();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bookNow).toHaveFocus();
  });

  it('sends a signed-out visitor to the login screen, remembering the page and the book to book', async () => {
    renderScreen({ routes, at: '/category/8' });
    await user.click(await screen.findByRole('link', { name: 'Book Now' }));
    expect(await screen.findByText('Login screen, back to /category/8?resumeId=b7&resume=book')).toBeInTheDocument();
  });

  it('opens the form again for that book when the buyer comes back signed in, and tidies the URL', async () => {
    const { router } = renderScreen({ routes, at: '/category/8?resumeId=b7&resume=book', as: 'buyer' });
    expect(await screen.findByRole('dialog', { name: 'Book Moby Dick' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
