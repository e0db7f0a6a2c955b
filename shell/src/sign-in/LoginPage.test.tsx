import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pending, renderSignIn } from './render-sign-in';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('the login screen', () => {
  it('asks for the email and the password with the messages of product.md §5', async () => {
    const login = jest.fn();
    renderSignIn({ at: '/login', auth: { login } });
    await userEvent.click(loginButton());
    expect(await screen.findByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const login = jest.fn();
    renderSignIn({ at: '/login', auth: { login } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), '12345');
    await userEvent.click(loginButton());
    expect(await screen.findByText('password must be 6 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in and goes back to the page the guard remembered', async () => {
    const login = jest.fn().mockResolvedValue(undefined);
    const router = renderSignIn({ at: '/login', from: '/dashboard/myorder', auth: { login } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), 'buyer123');
    await userEvent.click(loginButton());
    expect(await screen.findByText('Landed on /dashboard/myorder')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith('bea@bookswap.test', 'buyer123');
    expect(router.state.location.pathname).toBe('/dashboard/myorder');
  });

  it('goes home after login when no page was remembered', async () => {
    renderSignIn({ at: '/login', auth: { login: jest.fn().mockResolvedValue(undefined) } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), 'buyer123');
    await userEvent.click(loginButton());
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
  });

  it("shows the identity provider's message in red under the form and stays on the screen", async () => {
    const login = jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/wrong-password).'));
    renderSignIn({ at: '/login', auth: { login } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(loginButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Firebase: Error (auth/wrong-password).');
    expect(alert).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(loginButton()).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('disables the form while the sign-in runs', async () => {
    const attempt = pending();
    renderSignIn({ at: '/login', auth: { login: jest.fn(() => attempt.promise) } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), 'buyer123');
    await userEvent.click(loginButton());
    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    expect(email()).toBeDisabled();
    expect(password()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeDisabled();
    attempt.resolve();
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
  });

  it('signs in with Google and goes back to the remembered page', async () => {
    const googleSignIn = jest.fn().mockResolvedValue(undefined);
    renderSignIn({ at: '/login', from: '/bookDetails/42', auth: { googleSignIn } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    expect(await screen.findByText('Landed on /bookDetails/42')).toBeInTheDocument();
  });

  it('shows a failed Google sign-in in a toast instead of only logging it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const googleSignIn = jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/popup-closed-by-user).'));
    renderSignIn({ at: '/login', auth: { googleSignIn } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
    expect(await screen.findByText('Firebase: Error (auth/popup-closed-by-user).')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('links to the sign-up screen', async () => {
    renderSignIn({ at: '/login', auth: {} });
    await userEvent.click(screen.getByRole('link', { name: 'Create new account' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument());
  });
});
