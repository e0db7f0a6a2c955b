import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import { fakeApiForEachTest, findToast, renderScreen, sampleProduct } from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const book = sampleProduct({ _id: 'b9', book_name: 'Ulysses' });

describe('reporting a book', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    api.on('GET', '/api/category/list', { body: { products: [book], count: 1 } });
    api.on('GET', '/api/booking/list', { body: [] }); // the buyer has booked nothing
  });

  async function openReport() {
    renderScreen({ routes, at: '/booklist', as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    return screen.findByRole('dialog', { name: 'Report Ulysses' });
  }

  it('offers the four reasons and sends the chosen one once', async () => {
    api.on('POST', '/api/report/create', { body: { acknowledged: true, insertedId: 'r1' } });
    const dialog = await openReport();
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((radio) => radio.getAttribute('value'))).toEqual([
      'False Information',
      'Unauthorized Sales',
      'High Price',
      'Other',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'High Price' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await findToast('Report successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/report/create').map((call) => call.body)).toEqual([
      {
        reason: 'High Price',
        reporterName: 'Bea Buyer',
        productName: 'Ulysses',
        productId: 'b9',
        uid: 'buyer-uid',
        report: false,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Report Ulysses' });
    expect(within(again).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('asks what is wrong when the reason is Other, counts the characters and sends the words', async () => {
    api.on('POST', '/api/report/create', { body: { acknowledged: true, insertedId: 'r2' } });
    const dialog = await openReport();
    expect(within(dialog).queryByRole('textbox', { name: 'Tell us what is wrong' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const box = within(dialog).getByRole('textbox', { name: 'Tell us what is wrong' });
    expect(box).toHaveAccessibleDescription('0/500 characters');
    await user.type(box, '  Pages 40 to 60 are missing  ');
    expect(box).toHaveAccessibleDescription('30/500 characters');
    expect(box).toHaveAttribute('maxlength', '500');

    // Another reason hides the box and sends no words; back on Other, they are still there.
    await user.click(within(dialog).getByRole('radio', { name: 'High Price' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Tell us what is wrong' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await findToast('Report successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/report/create').map((call) => call.body)).toEqual([
      expect.objectContaining({ reason: 'Other', productId: 'b9', details: 'Pages 40 to 60 are missing' }),
    ]);
  });

  it('sends Other without words when the box is left blank', async () => {
    api.on('POST', '/api/report/create', { body: { acknowledged: true, insertedId: 'r3' } });
    const dialog = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us what is wrong' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await findToast('Report successfully')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/api/report/create').map((call) => call.body as Record<string, unknown>);
    expect(sent).toMatchObject({ reason: 'Other' });
    expect(sent).not.toHaveProperty('details');
  });

  it('shows a server error as a toast and lets the user try again', async () => {
    api.on('POST', '/api/report/create', { status: 429, body: { message: 'Too many reports, try later' } });
    const dialog = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await findToast('Too many reports, try later')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('sends a signed-out visitor to the login screen, remembering the list they were on and the book', async () => {
    renderScreen({ routes, at: '/booklist?page=0&size=10' });
    await user.click(await screen.findByRole('link', { name: 'Report' }));
    expect(
      await screen.findByText('Login screen, back to /booklist?page=0&size=10&resumeId=b9&resume=report'),
    ).toBeInTheDocument();
  });

  it('opens the report form again for that book once signed in, keeping the list’s place in the URL', async () => {
    const { router } = renderScreen({
      routes,
      at: '/booklist?page=0&size=10&resumeId=b9&resume=report',
      as: 'buyer',
    });
    expect(await screen.findByRole('dialog', { name: 'Report Ulysses' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?page=0&size=10'));
  });

  it('opens nothing when the book is no longer on the page', async () => {
    const { router } = renderScreen({ routes, at: '/booklist?resumeId=gone&resume=report', as: 'buyer' });
    await screen.findByRole('heading', { name: 'Ulysses' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
