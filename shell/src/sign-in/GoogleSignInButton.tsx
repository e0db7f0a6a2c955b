import { useState } from 'react';
import Button from '@mui/material/Button';
import GoogleIcon from '@mui/icons-material/Google';
import { useAuth } from '@bookswap/contract/auth';
import { notifyError } from '@bookswap/shared/ui';
import { signInErrorText } from './sign-in-error-text';

export interface GoogleSignInButtonProps {
  disabled?: boolean;
  onBusyChange?(busy: boolean): void;
  onSignedIn(): void;
}

/**
 * "Continue With Google" on both sign-in screens. product.md §8 only logs a Google failure; here it is also shown
 * in a toast, since no failure is silent in this product.
 */
export function GoogleSignInButton({ disabled = false, onBusyChange, onSignedIn }: GoogleSignInButtonProps) {
  const { googleSignIn } = useAuth();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    onBusyChange?.(true);
    try {
      await googleSignIn();
      onSignedIn();
    } catch (error) {
      console.error('Google sign-in failed', error);
      notifyError(new Error(signInErrorText(error)));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  return (
    <Button
      type="button"
      variant="outlined"
      fullWidth
      startIcon={<GoogleIcon />}
      disabled={disabled || busy}
      onClick={() => void signIn()}
    >
      Continue With Google
    </Button>
  );
}
