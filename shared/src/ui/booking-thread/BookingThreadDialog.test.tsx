import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { notificationQueries } from '../../api';
import type { BookingMessage, BookingThread } from '../../schemas';
import { atScreenWidth, type FakeApi, fakeApiForEachTest, findToast, renderScreen } from '../../testing';
import { useApiQuery } from '../use-api-query';
import { BookingThreadDialog, THREAD_CLOSED_LINE } from './BookingThreadDialog';

const user = userEvent.setup({ delay: null });

const THREAD = '/api/booking/b1/messages';

function message(changes: Partial<BookingMessage> = {}): BookingMessage {
  return {
    _id: 'm1',
    authorName: 'Sam Seller',
    mine: false,
    text: 'Friday at 5 pm works.',
    sentAt: '2026-11-02T15:30:00.000Z',
    ...changes,
  };
}

function thread(changes: Partial<BookingThread> = {}): BookingThread {
  return { bookingId: 'b1', book_name: 'Gitanjali', open: true, messages: [message()], unread: 0, ...changes };
}

/** A server holding one booking's thread, which takes messages and marks it read the way the real one does. */
function serveThread(api: FakeApi, initial: BookingThread) {
  const state = { thread: initial, unreadMessages: initial.unread };
  api.on('GET', THREAD, () => ({ body: state.thread }));
  api.on('PUT', `${THREAD}/read`, () => {
    const modifiedCount = state.unreadMessages > 0 ? 1 : 0;
    state.unreadMessages = 0;
    state.thread = { ...state.thread, unread: 0 };
    return { body: { acknowledged: true, modifiedCount } };
  });
  api.on('POST', THREAD, (call) => {
    const { text } = call.body as { text: string };
    const sent = message({ _id: `m${state.thread.messages.length + 1}`, authorName: 'Bea Buyer', mine: true, text });
    state.thread = { ...state.thread, messages: [...state.thread.messages, sent] };
    return { status: 201, body: { acknowledged: true, insertedId: sent._id } };
  });
  api.on('GET', '/api/notification/list', () => ({
    body: { notifications: [], unread: 0, unreadMessages: state.unreadMessages },
  }));
  return state;
}

/** What the shell's bell reads, in the same cache: its count drops when the thread is read. */
function BellCount() {
  const { data } = useApiQuery(notificationQueries.mine('buyer@bookswap.test'));
  return <p>Bell: {data ? data.unread + data.unreadMessages : '…'}</p>;
}

/** A booking row's button opening the thread, as My Orders has it. */
function Row() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <BellCount />
      <button onClick={() => setOpen(true)}>Open the thread</button>
      <BookingThreadDialog
        bookingId={open ? 'b1' : null}
        bookName="Gitanjali"
        otherName="Sam Seller"
        onClose={() => setOpen(false)}
      />
    </>
  );
}

async function openThread() {
  renderScreen({ routes: [{ path: '/', Component: Row }], at: '/', as: 'buyer' });
  await screen.findByText(/^Bell: \d/);
  await user.click(screen.getByRole('button', { name: 'Open the thread' }));
  return screen.findByRole('dialog', { name: 'Messages about Gitanjali' });
}

describe('a booking’s message thread', () => {
  const api = fakeApiForEachTest();

  it('shows the messages oldest first, with author and time, as plain text: no markup read, no link made', async () => {
    serveThread(
      api,
      thread({
        messages: [
          message({ _id: 'm1', authorName: 'Bea Buyer', mine: true, text: 'Is Friday fine?' }),
          message({
            _id: 'm2',
            sentAt: '2026-11-02T16:05:00.000Z',
            text: '<b>Yes</b> see https://evil.test\nat the gate',
          }),
        ],
      }),
    );
    const dialog = await openThread();
    expect(dialog).toHaveTextContent('With Sam Seller');
    const items = within(await within(dialog).findByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'You, November 2, 2026 at 3:30 PM',
      'Sam Seller, November 2, 2026 at 4:05 PM',
    ]);
    expect(within(dialog).getByText('Times in UTC')).toBeInTheDocument();
    const words = within(items[1]!).getByText(/see https:\/\/evil\.test/);
    expect(words.textContent).toBe('<b>Yes</b> see https://evil.test\nat the gate');
    expect(words.querySelector('b')).toBeNull();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks the thread read on opening, and the bell’s count drops', async () => {
    serveThread(api, thread({ unread: 2 }));
    renderScreen({ routes: [{ path: '/', Component: Row }], at: '/', as: 'buyer' });
    expect(await screen.findByText('Bell: 2')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${THREAD}/read`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Open the thread' }));
    expect(await screen.findByText('Bell: 0')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${THREAD}/read`)).toHaveLength(1);
  });

  it('sends a message, trimmed, with a live count, and shows it in the thread', async () => {
    const state = serveThread(api, thread());
    const dialog = await openThread();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'See you at{enter}the gate ');
    expect(within(dialog).getByText('19 / 2,000 characters')).toBeInTheDocument();
    await user.click(send);
    expect(
      await within(dialog).findByText('See you at the gate', { normalizer: (t) => t.replace(/\n/, ' ') }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', THREAD).map((call) => call.body)).toEqual([{ text: 'See you at\nthe gate' }]);
    expect(state.thread.messages).toHaveLength(2);
    expect(box).toHaveValue('');
  });

  it('sends with Ctrl+Enter from the keyboard', async () => {
    serveThread(api, thread());
    const dialog = await openThread();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your message' }),
      'On my way{Control>}{Enter}{/Control}',
    );
    expect(await within(dialog).findByText('On my way')).toBeInTheDocument();
  });

  it('refuses more than 2,000 characters before sending, saying how many there are', async () => {
    serveThread(api, thread());
    const dialog = await openThread();
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(box, { target: { value: 'a'.repeat(2001) } });
    expect(within(dialog).getByText('2,001 characters: at most 2,000')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(box, { target: { value: 'a'.repeat(2000) } });
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it.each([
    [409, 'This booking is declined: its messages stay readable, but no new ones can be sent'],
    [429, 'You have sent the 200 messages a day allows; try again tomorrow'],
  ])('shows the server’s %s in words and keeps what was written', async (status, words) => {
    serveThread(api, thread());
    api.on('POST', THREAD, { status, body: { message: words } });
    const dialog = await openThread();
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(`Your message was not sent: ${words}`)).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('keeps an ended booking’s thread readable but closed: no box to write, a line saying so', async () => {
    serveThread(api, thread({ open: false }));
    const dialog = await openThread();
    expect(await within(dialog).findByText('Friday at 5 pm works.')).toBeInTheDocument();
    expect(within(dialog).getByText(THREAD_CLOSED_LINE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('reports the other person’s message with a reason, after confirming; never one’s own', async () => {
    serveThread(
      api,
      thread({ messages: [message({ _id: 'm1', mine: true, authorName: 'Bea Buyer' }), message({ _id: 'm2' })] }),
    );
    api.on('POST', `${THREAD}/m2/report`, { status: 201, body: { acknowledged: true, insertedId: 'r1' } });
    const dialog = await openThread();
    const reports = await within(dialog).findAllByRole('button', { name: /^Report the message/ });
    expect(reports.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Report the message from Sam Seller sent November 2, 2026 at 3:30 PM',
    ]);
    await user.click(reports[0]!);
    const asking = await screen.findByRole('dialog', { name: 'Report this message?' });
    const confirm = within(asking).getByRole('button', { name: 'Report' });
    expect(confirm).toBeDisabled();
    await user.type(within(asking).getByRole('textbox', { name: /Why are you reporting it/ }), 'Rude words');
    await user.click(confirm);
    expect(await findToast('Message reported')).toBeInTheDocument();
    expect(api.callsTo('POST', `${THREAD}/m2/report`).map((call) => call.body)).toEqual([{ reason: 'Rude words' }]);
  });

  it('says when there are no messages yet, and shows a failed load with a Retry', async () => {
    api.on('GET', THREAD, { status: 500, body: { message: 'The database is unavailable' } });
    api.on('GET', '/api/notification/list', { body: { notifications: [], unread: 0, unreadMessages: 0 } });
    const dialog = await openThread();
    expect(
      await within(dialog).findByText('The messages could not be loaded: The database is unavailable'),
    ).toBeInTheDocument();
    serveThread(api, thread({ messages: [] }));
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No messages yet.')).toBeInTheDocument();
  });

  it('fills a phone’s screen', async () => {
    const restore = atScreenWidth(360);
    try {
      serveThread(api, thread());
      const dialog = await openThread();
      expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
    } finally {
      restore();
    }
  });
});
