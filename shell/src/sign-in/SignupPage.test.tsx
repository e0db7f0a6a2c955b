import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookDetailsResumingBook, pending, renderSignIn } from './render-sign-in';

const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

async function fillIn(values: {
  name?: string;
  photoURL?: string;
  role?: 'Buyer' | 'Seller';
  email?: string;
  password?: string;
}) {
  if (values.name) await userEvent.type(screen.getByLabelText('Your Name'), values.name);
  if (values.photoURL) await userEvent.type(screen.getByLabelText('PhotoURL'), values.photoURL);
  if (values.role) await userEvent.selectOptions(screen.getByLabelText('Role'), values.role);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
}

describe('the sign-up screen', () => {
  it('offers Buyer and Seller with Buyer chosen at first', () => {
    renderSignIn({ at: '/signup', auth: {} });
    const role = screen.getByLabelText('Role');
    expect(role).toHaveValue('buyer');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Buyer', 'Seller']);
  });

  it('asks for the name, the email and the password with the messages of product.md §5', async () => {
    const signup = jest.fn();
    renderSignIn({ at: '/signup', auth: { signup } });
    await userEvent.click(signUpButton());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const signup = jest.fn();
    renderSignIn({ at: '/signup', auth: { signup } });
    await fillIn({ name: 'Sam', email: 'sam@bookswap.test', password: 'abc' });
    await userEvent.click(signUpButton());
    expect(await screen.findByText('password must be 6 characters.')).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();
  });

  it('creates a seller account with name and photo, then goes to the remembered page', async () => {
    const signup = jest.fn().mockResolvedValue(undefined);
    renderSignIn({ at: '/signup', from: '/dashboard/myproduct', auth: { signup } });
    await fillIn({
      name: 'Sam Seller',
      photoURL: 'https://example.test/sam.png',
      role: 'Seller',
      email: 'sam@bookswap.test',
      password: 'seller123',
    });
    await userEvent.click(signUpButton());
    expect(await screen.findByText('Landed on /dashboard/myproduct')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledWith({
      name: 'Sam Seller',
      photoURL: 'https://example.test/sam.png',
      role: 'seller',
      email: 'sam@bookswap.test',
      password: 'seller123',
    });
  });

  it('leaves the photo out when none is given and signs up as a buyer by default', async () => {
    const signup = jest.fn().mockResolvedValue(undefined);
    renderSignIn({ at: '/signup', auth: { signup } });
    await fillIn({ name: 'Bea', email: 'bea@bookswap.test', password: 'buyer123' });
    await userEvent.click(signUpButton());
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledWith({
      name: 'Bea',
      photoURL: undefined,
      role: 'buyer',
      email: 'bea@bookswap.test',
      password: 'buyer123',
    });
  });

  it("shows the identity provider's message in words, in red under the form", async () => {
    const signup = jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/email-already-in-use).'));
    renderSignIn({ at: '/signup', auth: { signup } });
    await fillIn({ name: 'Bea', email: 'bea@bookswap.test', password: 'buyer123' });
    await userEvent.click(signUpButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists');
    expect(alert).not.toHaveTextContent('auth/');
    expect(alert).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(signUpButton()).toBeEnabled();
  });

  it('disables the form while the account is being created', async () => {
    const attempt = pending();
    renderSignIn({ at: '/signup', auth: { signup: jest.fn(() => attempt.promise) } });
    await fillIn({ name: 'Bea', email: 'bea@bookswap.test', password: 'buyer123' });
    await userEvent.click(signUpButton());
    expect(await screen.findByRole('button', { name: 'Signing up…' })).toBeDisabled();
    for (const label of ['Your Name', 'PhotoURL', 'Role', 'Email', 'Password'])
      expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeDisabled();
    attempt.reject(new Error('Firebase: Error (auth/network-request-failed).'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Can't reach the sign-in service. Check your connection and try again.",
    );
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('links to the login screen and offers Google', async () => {
    const googleSignIn = jest.fn().mockResolvedValue(undefined);
    renderSignIn({ at: '/signup', auth: { googleSignIn } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(googleSignIn).toHaveBeenCalled();
  });

  it('keeps the reason and, after signing up, reopens the action the visitor pressed', async () => {
    const signup = jest.fn().mockResolvedValue(undefined);
    renderSignIn({
      at: '/signup',
      state: { from: bookDetailsResumingBook, reason: 'book' },
      auth: { signup },
    });
    expect(screen.getByText('Sign in to book this book')).toBeInTheDocument();
    await fillIn({ name: 'Sam', email: 'sam@bookswap.test', password: 'buyer123' });
    await userEvent.click(signUpButton());
    expect(await screen.findByText('Landed on /bookDetails/42?resume=book')).toBeInTheDocument();
  });

  it('has a link back to the login screen', async () => {
    renderSignIn({ at: '/signup', auth: {} });
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
