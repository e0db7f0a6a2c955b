import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ProviderError } from './ProviderError';

export interface SignInFormProps {
  onSubmit(event?: FormEvent): void;
  /** The fields are locked while either this form or Google is signing in. */
  busy: boolean;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  providerError: string | null;
  children: ReactNode;
}

/** The form of a sign-in screen: its fields, the submit button, and the identity provider's message. */
export function SignInForm({
  onSubmit,
  busy,
  submitting,
  submitLabel,
  submittingLabel,
  providerError,
  children,
}: SignInFormProps) {
  return (
    // The schema's messages (product.md §5) are shown, not the browser's.
    <form noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {children}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </Stack>
      <ProviderError message={providerError} />
    </form>
  );
}
