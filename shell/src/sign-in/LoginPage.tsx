import { ROUTES } from '@bookswap/contract/routing';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAuth } from '@bookswap/contract/auth';
import { CredentialFields } from './CredentialFields';
import { ForgotPasswordLink } from './ForgotPasswordLink';
import { loginFormSchema, type LoginForm } from './login-form';
import { SignInAlternatives } from './SignInAlternatives';
import { SignInCard } from './SignInCard';
import { SignInForm } from './SignInForm';
import { useSignInFlow } from './use-sign-in-flow';

export function LoginPage() {
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const { busy, providerError, signInWith, google } = useSignInFlow(isSubmitting);
  const onSubmit = handleSubmit(({ email, password }) => signInWith(() => login(email, password)));

  return (
    <SignInCard
      title="Login"
      form={
        <SignInForm
          onSubmit={onSubmit}
          busy={busy}
          submitting={isSubmitting}
          submitLabel="Login"
          submittingLabel="Logging in…"
          providerError={providerError}
        >
          <CredentialFields email={register('email')} password={register('password')} errors={errors} disabled={busy} />
          <ForgotPasswordLink emailTyped={() => getValues('email')} />
        </SignInForm>
      }
      alternatives={
        <SignInAlternatives
          google={google}
          question="New to Bookswap?"
          switchTo={ROUTES.signup.path}
          switchLabel="Create new account"
        />
      }
    />
  );
}
