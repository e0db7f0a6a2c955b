import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  askForEmulatorGoogleAccount,
  emulatorGoogleIdToken,
  GOOGLE_SIGN_IN_CANCELLED,
} from './emulator-google-account';
import { EmulatorGoogleChooser } from './EmulatorGoogleChooser';

/** Asks the way the identity provider does, inside act since the request opens the dialog. */
function ask() {
  let request!: ReturnType<typeof askForEmulatorGoogleAccount>;
  act(() => {
    request = askForEmulatorGoogleAccount();
  });
  return request;
}

describe('the Google account chooser of the local Auth emulator', () => {
  it('hands over the account the user typed', async () => {
    render(<EmulatorGoogleChooser />);
    const chosen = ask();
    await userEvent.type(await screen.findByLabelText('Google email'), 'gia@gmail.test');
    await userEvent.type(screen.getByLabelText('Display name'), 'Gia Google');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect(chosen).resolves.toEqual({ email: 'gia@gmail.test', displayName: 'Gia Google' });
  });

  it('asks for a real address before going on', async () => {
    render(<EmulatorGoogleChooser />);
    void ask().catch(() => undefined);
    await userEvent.type(await screen.findByLabelText('Google email'), 'gia');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Missing "@"')).toBeInTheDocument();
  });

  it('reports a cancelled choice as a failed sign-in', async () => {
    render(<EmulatorGoogleChooser />);
    const outcome = ask().catch((error: unknown) => error);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await outcome).toEqual(new Error(GOOGLE_SIGN_IN_CANCELLED));
  });

  it('cancels a pending choice when the chooser leaves the page', async () => {
    const { unmount } = render(<EmulatorGoogleChooser />);
    const outcome = ask().catch((error: unknown) => error);
    await screen.findByLabelText('Google email');
    unmount();
    expect(await outcome).toEqual(new Error(GOOGLE_SIGN_IN_CANCELLED));
  });

  it('gives the same email the same Google account', () => {
    const first = JSON.parse(emulatorGoogleIdToken({ email: 'Gia@Gmail.test', displayName: '' }));
    const again = JSON.parse(emulatorGoogleIdToken({ email: 'gia@gmail.test ', displayName: 'Gia' }));
    expect(first.sub).toBe(again.sub);
    expect(first).toMatchObject({ email: 'gia@gmail.test', email_verified: true, name: 'gia' });
  });
});
