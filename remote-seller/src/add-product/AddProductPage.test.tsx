import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_MAX_BYTES, type MyProduct } from '@bookswap/shared/schemas';
import {
  type FakeApi,
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleMyProduct,
} from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });
// The chooser filters by `accept` in a real browser too; a test must be able to offer any file.
const anyFile = userEvent.setup({ delay: null, applyAccept: false });
const AT = '/dashboard/addproduct';
const STORED_URL = 'http://api.test/images/0123abcd.png';

const png = (name = 'cover.png', size = 68) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const textbox = (name: string) => screen.getByRole('textbox', { name });
const imageInput = () => screen.getByLabelText('Image file');
const submit = () => user.click(screen.getByRole('button', { name: 'Add Product' }));

async function fillTheForm() {
  await user.type(textbox('Book Name'), 'Dune');
  await user.type(textbox('Author Name'), 'Frank Herbert');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Science fiction');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Good');
  await user.type(textbox('Original Price'), '20');
  await user.type(textbox('Resale Price'), '12.50');
  await user.type(textbox('Year of use'), '2');
  await user.type(textbox('Location'), 'Main Street Library');
  await user.type(textbox('Mobile No'), '+1 555 0100');
  await user.type(textbox('Description'), 'A well kept copy.');
}

/** Opens the screen as a seller, once its lazy chunk has loaded. */
async function openTheForm() {
  const view = renderScreen({ routes, at: AT, as: 'seller' });
  await screen.findByRole('heading', { name: 'Add Product' });
  return view;
}

function serveUploads(api: FakeApi) {
  api.on('POST', '/api/image/upload', { body: { success: true, data: { url: STORED_URL } } });
}

describe('Add Product', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    // jsdom has no object URLs; the preview only needs one to show.
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
  });

  it('shows each missing field’s message under that field and sends nothing', async () => {
    await openTheForm();
    await submit();
    await screen.findByText('Name is required');

    const expected: [HTMLElement, string][] = [
      [textbox('Book Name'), 'Name is required'],
      [textbox('Author Name'), 'Author Name is required'],
      [screen.getByRole('combobox', { name: 'Category' }), 'category is required'],
      [screen.getByRole('combobox', { name: 'Condition' }), 'book condition is required'],
      [textbox('Original Price'), 'original price is required'],
      [textbox('Resale Price'), 'Resale price is required'],
      [textbox('Year of use'), 'year of use is required'],
      [textbox('Location'), 'location is required'],
      [screen.getByRole('button', { name: 'Choose image' }), 'img is required'],
    ];
    // The message as a screen reader hears it: each field's helper text is tied to that field alone.
    for (const [field, message] of expected) expect(field).toHaveAccessibleDescription(message);
    expect(textbox('Mobile No')).not.toHaveAccessibleDescription();
    expect(textbox('Description')).not.toHaveAccessibleDescription();
    expect(textbox('Book Name')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('says under the prices and the year that they must be numbers, before sending', async () => {
    await openTheForm();
    await user.type(textbox('Original Price'), 'twenty');
    await user.type(textbox('Resale Price'), '12,5');
    await user.type(textbox('Year of use'), 'two years');
    await submit();

    expect(await screen.findByText('original price must be a number such as 12 or 12.50')).toBeInTheDocument();
    expect(textbox('Original Price')).toHaveAccessibleDescription(
      'original price must be a number such as 12 or 12.50',
    );
    expect(textbox('Resale Price')).toHaveAccessibleDescription('Resale price must be a number such as 12 or 12.50');
    expect(textbox('Year of use')).toHaveAccessibleDescription('year of use must be a whole number such as 2');
    expect(api.callsTo('POST', '/api/product/create')).toHaveLength(0);
  });

  it('warns, without refusing, when the resale price is above the original price', async () => {
    serveUploads(api);
    api.on('POST', '/api/product/create', { status: 201, body: { acknowledged: true, insertedId: 'new-book' } });
    api.on('GET', '/api/product/list', { body: [] });
    await openTheForm();
    await fillTheForm();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.clear(textbox('Resale Price'));
    await user.type(textbox('Resale Price'), '20.01');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The resale price is above the original price. You can still list it, but buyers may find it too high.',
    );
    await user.upload(imageInput(), png());
    await screen.findByText('cover.png is uploaded');
    await submit();
    expect(await findToast('Add product successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/product/create')[0]!.body).toMatchObject({ resale_price: '20.01' });
  });

  it('offers the nine categories and three conditions spelled as in the spec', async () => {
    await openTheForm();
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent);
    expect(options('Category')).toEqual([
      'Nobel',
      'Poetry',
      'Biograpy',
      'NonFiction',
      'Adventure stories',
      'Academic',
      'Science fiction',
      'Literature',
      'Others',
    ]);
    expect(options('Condition')).toEqual(['Excellent', 'Good', 'Fair']);
  });

  it('refuses a file that is not a picture without uploading it', async () => {
    await openTheForm();
    await anyFile.upload(imageInput(), new File(['%PDF-1.7'], 'cover.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image must be a JPEG, PNG, WebP or GIF picture');
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a picture over the server’s limit without uploading it', async () => {
    await openTheForm();
    await user.upload(imageInput(), png('huge.png', IMAGE_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is larger than 5 MB');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the preview and a progress bar while the picture uploads', async () => {
    api.on('POST', '/api/image/upload', never);
    await openTheForm();
    await user.upload(imageInput(), png('cover.png'));
    expect(await screen.findByRole('progressbar', { name: 'Uploading image' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of cover.png' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    const [upload] = api.callsTo('POST', '/api/image/upload');
    expect((upload!.body as FormData).get('image')).toHaveProperty('name', 'cover.png');
  });

  it('says the upload failed, and why, when the server refuses the picture', async () => {
    api.on('POST', '/api/image/upload', {
      status: 400,
      body: { message: 'image: must be a JPEG, PNG, WebP or GIF picture', field: 'image' },
    });
    await openTheForm();
    await user.upload(imageInput(), png('fake.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image could not be uploaded: image: must be a JPEG, PNG, WebP or GIF picture',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another image' })).toBeEnabled();
  });

  it('says the upload failed when the image store answers without success', async () => {
    api.on('POST', '/api/image/upload', { body: { success: false, data: { url: '' } } });
    await openTheForm();
    await user.upload(imageInput(), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image could not be uploaded: the image store did not take it',
    );
  });

  it('lists the book with the uploaded image and shows it in My Product', async () => {
    serveUploads(api);
    const listed: MyProduct[] = [];
    api.on('POST', '/api/product/create', ({ body }) => {
      listed.push(sampleMyProduct({ ...(body as Partial<MyProduct>), _id: 'new-book' }));
      return { status: 201, body: { acknowledged: true, insertedId: 'new-book' } };
    });
    api.on('GET', '/api/product/list', () => ({ body: listed }));
    const { router } = await openTheForm();

    await fillTheForm();
    await user.upload(imageInput(), png('dune.png'));
    expect(await screen.findByText('dune.png is uploaded')).toBeInTheDocument();
    await submit();

    expect(await findToast('Add product successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproduct'));
    expect(await screen.findByRole('cell', { name: 'Dune' })).toBeInTheDocument();
    // Seller name, email and verify are the server's to fill in from the seller's record.
    expect(api.callsTo('POST', '/api/product/create')[0]!.body).toEqual({
      book_name: 'Dune',
      author_name: 'Frank Herbert',
      category_id: '7',
      book_condition: 'Good',
      original_price: '20',
      resale_price: '12.50',
      Year_of_use: '2',
      location: 'Main Street Library',
      phone: '+1 555 0100',
      description: 'A well kept copy.',
      img: STORED_URL,
    });
  });

  it('shows a refusal of the server under the field it names, and stays on the form', async () => {
    serveUploads(api);
    api.on('POST', '/api/product/create', {
      status: 400,
      body: { message: 'location: Too big: expected string to have <=300 characters', field: 'location' },
    });
    const { router } = await openTheForm();
    await fillTheForm();
    await user.upload(imageInput(), png());
    await screen.findByText('cover.png is uploaded');
    await submit();

    expect(await findToast('location: Too big: expected string to have <=300 characters')).toBeInTheDocument();
    expect(textbox('Location')).toHaveAccessibleDescription(
      'location: Too big: expected string to have <=300 characters',
    );
    expect(router.state.location.pathname).toBe(AT);
  });
});
