import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { listenForGoogleAccountRequests, type PendingGoogleAccountRequest } from './emulator-google-account';

/** The account chooser of Google sign-in against the local Auth emulator (see emulator-google-account.ts). */
export function EmulatorGoogleChooser() {
  const [request, setRequest] = useState<PendingGoogleAccountRequest | null>(null);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const pending = useRef<PendingGoogleAccountRequest | null>(null);

  useEffect(() => {
    const stopListening = listenForGoogleAccountRequests((next) => {
      pending.current = next;
      setRequest(next);
      setEmailError(null);
    });
    return () => {
      stopListening();
      // Leaving the sign-in screen mid-choice ends that sign-in instead of leaving it waiting for ever.
      pending.current?.cancel();
    };
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.includes('@')) {
      setEmailError(email ? 'Missing "@"' : 'Email required');
      return;
    }
    request?.choose({ email, displayName });
  }

  return (
    <Dialog open={request !== null} onClose={() => request?.cancel()} aria-labelledby="google-chooser-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="google-chooser-title">Sign in with Google</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Local Auth emulator: no real Google account is used. The same email signs in to the same account.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Google email"
              type="email"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError !== null}
              helperText={emailError}
            />
            <TextField
              label="Display name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => request?.cancel()}>Cancel</Button>
          <Button type="submit" variant="contained">
            Sign in
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
