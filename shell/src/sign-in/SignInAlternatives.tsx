import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmulatorGoogleChooser } from './EmulatorGoogleChooser';
import { GoogleSignInButton, type GoogleSignInButtonProps } from './GoogleSignInButton';
import { useLoginState } from './use-login-state';

export interface SignInAlternativesProps {
  google: GoogleSignInButtonProps;
  question: string;
  /** The other sign-in screen. */
  switchTo: string;
  switchLabel: string;
}

/**
 * Under the form: Google, and a link to the other screen that keeps the page to return to. The emulator's
 * Google account chooser lives here, beside the only button that asks for it, so other pages load no dialog.
 */
export function SignInAlternatives({ google, question, switchTo, switchLabel }: SignInAlternativesProps) {
  const state = useLoginState();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <GoogleSignInButton {...google} />
      <EmulatorGoogleChooser />
      <Typography variant="body2">
        {question}{' '}
        <Link component={RouterLink} to={switchTo} state={state}>
          {switchLabel}
        </Link>
      </Typography>
    </Stack>
  );
}
