import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BookingReviews, Review } from '../../schemas';
import { type FakeApi, fakeApiForEachTest, renderScreen, sampleBookingReviews } from '../../testing';
import { ReviewCell } from './ReviewCell';
import { ReviewDialog } from './ReviewDialog';

const user = userEvent.setup({ delay: null });

const REVIEW = '/api/booking/b1/review';

function review(changes: Partial<Review> = {}): Review {
  return {
    _id: 'r1',
    authorParty: 'seller',
    authorName: 'Sam Seller',
    stars: 4,
    text: 'Friendly and on time.',
    writtenAt: '2026-11-03T10:00:00.000Z',
    ...changes,
  };
}

const state = sampleBookingReviews;

/** A server holding one handed-over booking's reviews, which takes the buyer's the way the real one does. */
function serveReviews(api: FakeApi, initial: BookingReviews) {
  const held = { state: initial };
  api.on('GET', REVIEW, () => ({ body: held.state }));
  api.on('POST', REVIEW, (call) => {
    const { stars, text } = call.body as { stars: number; text: string };
    const mine = review({ _id: 'r2', authorParty: 'buyer', authorName: 'Bea Buyer', stars, text });
    const visible = held.state.theirsWritten;
    held.state = { ...held.state, canWrite: false, mine, visible, theirs: visible ? review() : null };
    return { status: 201, body: { acknowledged: true, insertedId: 'r2' } };
  });
  return held;
}

/** A handed-over booking's row on My Orders: its review cell, and the dialog it opens. */
function Row() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ReviewCell bookingId="b1" bookName="Gitanjali" onOpen={() => setOpen(true)} />
      <ReviewDialog bookingId={open ? 'b1' : null} bookName="Gitanjali" onClose={() => setOpen(false)} />
    </>
  );
}

async function openReviews(name = 'Leave a review for Gitanjali') {
  renderScreen({ routes: [{ path: '/', Component: Row }], at: '/', as: 'buyer' });
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Reviews of Gitanjali' });
}

describe('reviews of a handed-over booking', () => {
  const api = fakeApiForEachTest();

  it('a party picks the stars from the keyboard, writes a counted text, sends, and the row says when it shows', async () => {
    serveReviews(api, state());
    const dialog = await openReviews();
    const send = within(dialog).getByRole('button', { name: 'Send review' });
    expect(send).toBeDisabled();
    const stars = within(dialog).getByRole('radiogroup', { name: 'How was meeting Sam Seller?' });
    // Tab into the group, then arrow keys move between the stars.
    within(stars)
      .getByRole('radio', { name: /^★ 1 star/ })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(stars).getByRole('radio', { name: /4 stars: very good/ })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review (optional)' }), '  Book as described ');
    expect(within(dialog).getByText('17 / 1,000 characters')).toBeInTheDocument();
    await user.click(send);

    expect(
      await within(dialog).findByText(
        'Review sent, visible when Sam Seller has written or on November 16, 2026 at 3:30 PM',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', REVIEW).map((call) => call.body)).toEqual([{ stars: 4, text: 'Book as described' }]);
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByText('Review sent, visible when Sam Seller has written or on November 16, 2026 at 3:30 PM'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave a review for Gitanjali' })).not.toBeInTheDocument();
  });

  it('once the other party has written too, both reviews show, on the row and in the dialog', async () => {
    serveReviews(api, state({ theirsWritten: true }));
    const dialog = await openReviews();
    await user.click(within(dialog).getByRole('radio', { name: /5 stars: excellent/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByText('Friendly and on time.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Sam Seller’s review' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reviews of Gitanjali' })).toBeInTheDocument();
  });

  it('refuses more than 1,000 characters before sending, saying how many there are', async () => {
    serveReviews(api, state());
    const dialog = await openReviews();
    await user.click(within(dialog).getByRole('radio', { name: /3 stars/ }));
    const box = within(dialog).getByRole('textbox', { name: 'Your review (optional)' });
    fireEvent.change(box, { target: { value: 'a'.repeat(1001) } });
    expect(within(dialog).getByText('1,001 characters: at most 1,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send review' })).toBeDisabled();
    fireEvent.change(box, { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: 'Send review' })).toBeEnabled();
  });

  it.each([
    [409, 'The 14 days to review this booking ended on November 16, 2026 at 3:30 PM UTC'],
    [429, 'You have written the 20 reviews a day allows; try again tomorrow'],
  ])('shows the server’s %s in words and keeps what was written', async (status, words) => {
    serveReviews(api, state());
    api.on('POST', REVIEW, { status, body: { message: words } });
    const dialog = await openReviews();
    await user.click(within(dialog).getByRole('radio', { name: /2 stars/ }));
    const box = within(dialog).getByRole('textbox', { name: 'Your review (optional)' });
    await user.type(box, 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(await within(dialog).findByText(`Your review was not sent: ${words}`)).toBeInTheDocument();
    expect(box).toHaveValue('Late');
  });

  it('after the window, a lone review of the other party shows; the row offers no review to write', async () => {
    serveReviews(api, state({ canWrite: false, visible: true, theirsWritten: true, theirs: review({ stars: 2 }) }));
    const dialog = await openReviews('Reviews of Gitanjali');
    expect(within(dialog).getByText('Reviews are in')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '2 of 5 stars' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
