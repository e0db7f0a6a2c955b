import Link from '@mui/material/Link';
import { lazy, Suspense, useState } from 'react';

// The dialog loads on the first press: most visitors of the login screen never need it (docs/decisions/014).
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));

/** "Forgot password?" under the login form's fields; the dialog starts from the email typed so far. */
export function ForgotPasswordLink({ emailTyped }: { emailTyped(): string }) {
  const [open, setOpen] = useState(false);
  // A new email each time it opens; kept mounted after closing so the dialog can animate away.
  const [opening, setOpening] = useState<{ email: string; count: number } | null>(null);

  return (
    <>
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
        onClick={() => {
          setOpening((previous) => ({ email: emailTyped(), count: (previous?.count ?? 0) + 1 }));
          setOpen(true);
        }}
      >
        Forgot password?
      </Link>
      {opening ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            key={opening.count}
            open={open}
            initialEmail={opening.email}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
