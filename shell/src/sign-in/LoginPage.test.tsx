import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookDetailsResumingBook, pending, renderSignIn } from './render-sign-in';
import { RESET_LINK_SENT } from './ForgotPasswordDialog';

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

  it("shows the identity provider's message in words, in red under the form, and stays on the screen", async () => {
    const login = jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/wrong-password).'));
    renderSignIn({ at: '/login', auth: { login } });
    await userEvent.type(email(), 'bea@bookswap.test');
    await userEvent.type(password(), 'wrong-password');
    await userEvent.click(loginButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong email or password');
    expect(alert).not.toHaveTextContent('Firebase');
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
    expect(
      await screen.findByText('The Google sign-in window was closed before you finished. Try again.'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    logged.mockRestore();
  });

  it('links to the sign-up screen', async () => {
    renderSignIn({ at: '/login', auth: {} });
    await userEvent.click(screen.getByRole('link', { name: 'Create new account' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument());
  });

  describe('when an action sent the visitor here', () => {
    const sentToBook = { from: bookDetailsResumingBook, reason: 'book' as const };

    it('says why above the form', () => {
      renderSignIn({ at: '/login', state: sentToBook, auth: {} });
      expect(screen.getByText('Sign in to book this book')).toBeInTheDocument();
      renderSignIn({ at: '/login', state: { from: bookDetailsResumingBook, reason: 'report' }, auth: {} });
      expect(screen.getByText('Sign in to report this book')).toBeInTheDocument();
    });

    it('says why when a book card’s eye sent a signed-out visitor to see the details', () => {
      renderSignIn({ at: '/login', state: { from: bookDetailsResumingBook, page: 'details' }, auth: {} });
      expect(screen.getByText('Sign in to see this book’s details and how to reach the seller')).toBeInTheDocument();
    });

    it('says nothing of a reason when a guard sent the visitor', () => {
      renderSignIn({ at: '/login', from: '/dashboard/myorder', auth: {} });
      expect(screen.queryByText(/Sign in to/)).not.toBeInTheDocument();
    });

    it('goes back to the book with the action to reopen after an email sign-in', async () => {
      renderSignIn({ at: '/login', state: sentToBook, auth: { login: jest.fn().mockResolvedValue(undefined) } });
      await userEvent.type(email(), 'bea@bookswap.test');
      await userEvent.type(password(), 'buyer123');
      await userEvent.click(loginButton());
      expect(await screen.findByText('Landed on /bookDetails/42?resume=book')).toBeInTheDocument();
    });

    it('goes back to the book with the action to reopen after a Google sign-in', async () => {
      renderSignIn({ at: '/login', state: sentToBook, auth: { googleSignIn: jest.fn().mockResolvedValue(undefined) } });
      await userEvent.click(screen.getByRole('button', { name: 'Continue With Google' }));
      expect(await screen.findByText('Landed on /bookDetails/42?resume=book')).toBeInTheDocument();
    });

    describe('from a link followed before the page’s scripts ran (its address carries the origin)', () => {
      const linked =
        `/login?${new URLSearchParams({ from: '/booklist?resumeId=7&resume=book', reason: 'book' })}` as const;
      const buyer = { uid: 'u1', displayName: 'Bea', photoURL: null, email: 'bea@bookswap.test' };

      it('says why and goes back to the list with the action to reopen after signing in', async () => {
        renderSignIn({ at: linked, auth: { login: jest.fn().mockResolvedValue(undefined) } });
        expect(screen.getByText('Sign in to book this book')).toBeInTheDocument();
        await userEvent.type(email(), 'bea@bookswap.test');
        await userEvent.type(password(), 'buyer123');
        await userEvent.click(loginButton());
        expect(await screen.findByText('Landed on /booklist?resumeId=7&resume=book')).toBeInTheDocument();
      });

      it('sends a visitor already signed in straight back, to open what they pressed', async () => {
        const login = jest.fn();
        renderSignIn({ at: linked, auth: { user: buyer, role: 'buyer', loading: false, login } });
        expect(await screen.findByText('Landed on /booklist?resumeId=7&resume=book')).toBeInTheDocument();
        expect(login).not.toHaveBeenCalled();
      });

      it('waits for the session to settle (the role still loading) before it sends anyone back', () => {
        renderSignIn({ at: linked, auth: { user: buyer, loading: true } });
        expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
      });

      it('keeps a signed-in user a guard sent here (a role that does not fit) on the form, so nothing loops', () => {
        renderSignIn({
          at: '/login',
          from: '/dashboard/addproduct',
          auth: { user: buyer, role: 'buyer', loading: false },
        });
        expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
        expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
      });

      it('keeps a signed-in visitor who opened /login by hand on the form', () => {
        renderSignIn({ at: '/login', auth: { user: buyer, role: 'buyer', loading: false } });
        expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
      });
    });

    it('keeps the reason on the way to the sign-up screen', async () => {
      renderSignIn({ at: '/login', state: sentToBook, auth: {} });
      await userEvent.click(screen.getByRole('link', { name: 'Create new account' }));
      expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
      expect(screen.getByText('Sign in to book this book')).toBeInTheDocument();
    });
  });

  describe('Forgot password?', () => {
    const dialog = () => screen.findByRole('dialog', { name: 'Reset your password' });

    it('sends the reset link to the email typed in the form and says so without telling who has an account', async () => {
      const sendPasswordReset = jest.fn().mockResolvedValue(undefined);
      renderSignIn({ at: '/login', auth: {}, sendPasswordReset });
      await userEvent.type(email(), 'bea@bookswap.test');
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      const reset = within(await dialog());
      expect(reset.getByLabelText('Email')).toHaveValue('bea@bookswap.test');
      await userEvent.click(reset.getByRole('button', { name: 'Send reset link' }));
      expect(await reset.findByText(RESET_LINK_SENT)).toBeInTheDocument();
      expect(sendPasswordReset).toHaveBeenCalledWith('bea@bookswap.test');
      await userEvent.click(reset.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('leaves the login form untouched: no errors under its empty fields after Send and Close', async () => {
      const login = jest.fn();
      renderSignIn({ at: '/login', auth: { login }, sendPasswordReset: jest.fn().mockResolvedValue(undefined) });
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      const reset = within(await dialog());
      await userEvent.type(reset.getByLabelText('Email'), 'bea@bookswap.test');
      await userEvent.click(reset.getByRole('button', { name: 'Send reset link' }));
      await userEvent.click(await reset.findByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
      expect(screen.queryByText('password is required')).not.toBeInTheDocument();
      expect(login).not.toHaveBeenCalled();
    });

    it('asks for the email before sending anything', async () => {
      const sendPasswordReset = jest.fn();
      renderSignIn({ at: '/login', auth: {}, sendPasswordReset });
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      const reset = within(await dialog());
      await userEvent.click(reset.getByRole('button', { name: 'Send reset link' }));
      expect(reset.getByText('Email Address is required')).toBeInTheDocument();
      expect(sendPasswordReset).not.toHaveBeenCalled();
    });

    it('says in words why the link could not be sent', async () => {
      const sendPasswordReset = jest.fn().mockRejectedValue(new Error('Firebase: Error (auth/invalid-email).'));
      renderSignIn({ at: '/login', auth: {}, sendPasswordReset });
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      const reset = within(await dialog());
      await userEvent.type(reset.getByLabelText('Email'), 'bea@');
      await userEvent.keyboard('{Enter}');
      expect(await reset.findByRole('alert')).toHaveTextContent('Enter a valid email address');
      expect(reset.queryByText(RESET_LINK_SENT)).not.toBeInTheDocument();
    });
  });
});
