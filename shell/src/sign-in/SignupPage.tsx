import { ROUTES } from '@bookswap/contract/routing';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAuth } from '@bookswap/contract/auth';
import { CredentialFields } from './CredentialFields';
import { SignInAlternatives } from './SignInAlternatives';
import { SignInCard } from './SignInCard';
import { SignInForm } from './SignInForm';
import { emptySignupForm, signupFormSchema, type SignupForm } from './signup-form';
import { useSignInFlow } from './use-sign-in-flow';
import { FormTextField } from '@bookswap/shared/ui/form-fields';

export function SignupPage() {
  const { signup } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({ resolver: zodResolver(signupFormSchema), defaultValues: emptySignupForm });

  const { busy, providerError, signInWith, google } = useSignInFlow(isSubmitting);
  const onSubmit = handleSubmit(({ name, photoURL, role, email, password }) =>
    signInWith(() => signup({ name, email, password, role, photoURL: photoURL || undefined })),
  );

  return (
    <SignInCard
      title="Sign Up"
      form={
        <SignInForm
          onSubmit={onSubmit}
          busy={busy}
          submitting={isSubmitting}
          submitLabel="Sign Up"
          submittingLabel="Signing up…"
          providerError={providerError}
        >
          <FormTextField
            label="Your Name"
            autoComplete="name"
            disabled={busy}
            fieldError={errors.name}
            registration={register('name')}
          />
          <FormTextField
            label="PhotoURL"
            type="url"
            autoComplete="photo"
            disabled={busy}
            helperText="Optional"
            registration={register('photoURL')}
          />
          <FormTextField
            select
            label="Role"
            disabled={busy}
            fieldError={errors.role}
            // A native select: keyboard and phone friendly, and a plain input for react-hook-form.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            registration={register('role')}
          >
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </FormTextField>
          <CredentialFields
            email={register('email')}
            password={register('password')}
            errors={errors}
            disabled={busy}
            newPassword
          />
        </SignInForm>
      }
      alternatives={
        <SignInAlternatives
          google={google}
          question="Already have an account?"
          switchTo={ROUTES.login.path}
          switchLabel="Login"
        />
      }
    />
  );
}
