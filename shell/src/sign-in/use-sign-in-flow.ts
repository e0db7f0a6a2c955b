import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import type { GoogleSignInButtonProps } from './GoogleSignInButton';
import { returnPathFrom } from './return-path';
import { signInErrorText } from './sign-in-error-text';
import { useLoginState } from './use-login-state';

/**
 * What both sign-in screens do around the identity provider: the provider's message in words people read, one
 * busy state for the form and Google, and the way back to the page the guard remembered (with its `?resume=`).
 */
export function useSignInFlow(formSubmitting: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = useLoginState();
  const { user, loading } = useAuth();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  // Once: a sign-in that ends while the session also settles must not bring the visitor back twice.
  const wentBack = useRef(false);
  // The form or Google was used: that sign-in decides where to go (an unverified email stays here).
  const acted = useRef(false);

  const goBack = () => {
    if (wentBack.current) return;
    wentBack.current = true;
    void navigate(returnPathFrom(state), { replace: true });
  };

  // A link followed before the page's scripts ran (Book Now, Report, the eye) leads here whoever pressed it: a
  // visitor already signed in goes straight back to resume what they pressed. Only from such a link's address: a
  // guard's redirect (in the navigation state) may send a signed-in user whose role does not fit, who must stay.
  const cameByLink = state !== location.state;
  const alreadySignedIn = cameByLink && user !== null && !loading;
  const returnAtOnce = useEffectEvent(() => {
    if (!acted.current) goBack();
  });
  useEffect(() => {
    if (alreadySignedIn) returnAtOnce();
  }, [alreadySignedIn]);

  async function signInWith(provider: () => Promise<unknown>) {
    setProviderError(null);
    acted.current = true;
    try {
      await provider();
      goBack();
    } catch (error) {
      setProviderError(signInErrorText(error));
    }
  }

  const busy = formSubmitting || googleBusy;
  const onGoogleBusyChange = (busyNow: boolean) => {
    if (busyNow) acted.current = true;
    setGoogleBusy(busyNow);
  };
  const google: GoogleSignInButtonProps = { disabled: busy, onBusyChange: onGoogleBusyChange, onSignedIn: goBack };

  return { busy, providerError, signInWith, google };
}
