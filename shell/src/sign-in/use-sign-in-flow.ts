import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { GoogleSignInButtonProps } from './GoogleSignInButton';
import { returnPathFrom } from './return-path';
import { signInErrorText } from './sign-in-error-text';

/**
 * What both sign-in screens do around the identity provider: the provider's message in words people read, one
 * busy state for the form and Google, and the way back to the page the guard remembered (with its `?resume=`).
 */
export function useSignInFlow(formSubmitting: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);

  const goBack = () => void navigate(returnPathFrom(location.state), { replace: true });

  async function signInWith(provider: () => Promise<unknown>) {
    setProviderError(null);
    try {
      await provider();
      goBack();
    } catch (error) {
      setProviderError(signInErrorText(error));
    }
  }

  const busy = formSubmitting || googleBusy;
  const google: GoogleSignInButtonProps = { disabled: busy, onBusyChange: setGoogleBusy, onSignedIn: goBack };

  return { busy, providerError, signInWith, google };
}
