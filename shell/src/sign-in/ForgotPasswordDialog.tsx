import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { EMAIL_REQUIRED } from './login-form';
import { usePasswordReset } from './password-reset';
import { ProviderError } from './ProviderError';
import { signInErrorText } from './sign-in-error-text';

/** Said whether or not the address has an account, so the screen tells nobody who is a member. */
export const RESET_LINK_SENT = 'If an account exists for that email, a reset link is on its way';

export interface ForgotPasswordDialogProps {
  open: boolean;
  /** What the login form's Email field holds when the dialog opens. */
  initialEmail: string;
  onClose(): void;
}

type Step = { status: 'asking' | 'sending' | 'sent' } | { status: 'failed'; message: string };

/** "Forgot password?": asks for the email and has the identity provider send its reset link. */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: ForgotPasswordDialogProps) {
  const sendPasswordReset = usePasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [missingEmail, setMissingEmail] = useState(false);
  const [step, setStep] = useState<Step>({ status: 'asking' });
  const titleId = useId();

  async function send(event: FormEvent) {
    event.preventDefault();
    // The dialog sits inside the login form in React's tree (its portal only moves the DOM): its submit must not
    // reach the login form, which would then validate its own empty fields.
    event.stopPropagation();
    const address = email.trim();
    setMissingEmail(address === '');
    if (address === '') return;
    setStep({ status: 'sending' });
    try {
      await sendPasswordReset(address);
      setStep({ status: 'sent' });
    } catch (error) {
      setStep({ status: 'failed', message: signInErrorText(error) });
    }
  }

  const sending = step.status === 'sending';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void send(event)}>
        <DialogTitle id={titleId}>Reset your password</DialogTitle>
        <DialogContent>
          {step.status === 'sent' ? (
            <Alert severity="success">{RESET_LINK_SENT}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Enter the email you sign in with. We will email you a link to choose a new password.
              </DialogContentText>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                autoFocus
                fullWidth
                value={email}
                disabled={sending}
                error={missingEmail}
                helperText={missingEmail ? EMAIL_REQUIRED : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
              <ProviderError message={step.status === 'failed' ? step.message : null} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {step.status === 'sent' ? (
            <Button onClick={onClose}>Close</Button>
          ) : (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={sending}>
                {sending ? 'Sending…' : 'Send reset link'}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
