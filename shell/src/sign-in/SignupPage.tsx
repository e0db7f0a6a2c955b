import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messageOf } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/shared/auth';
import { GoogleSignInButton } from './GoogleSignInButton';
import { textFieldProps } from './login-form';
import { ProviderError } from './ProviderError';
import { returnPathFrom } from './return-path';
import { SignInCard } from './SignInCard';
import { emptySignupForm, signupFormSchema, type SignupForm } from './signup-form';

export function SignupPage() {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({ resolver: zodResolver(signupFormSchema), defaultValues: emptySignupForm });

  const goBack = () => void navigate(returnPathFrom(location.state), { replace: true });
  const busy = isSubmitting || googleBusy;

  const onSubmit = handleSubmit(async ({ name, photoURL, role, email, password }) => {
    setProviderError(null);
    try {
      await signup({ name, email, password, role, photoURL: photoURL || undefined });
      goBack();
    } catch (error) {
      setProviderError(messageOf(error));
    }
  });

  return (
    <SignInCard
      title="Sign Up"
      form={
        <form noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField
              label="Your Name"
              autoComplete="name"
              disabled={busy}
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              {...textFieldProps(register('name'))}
            />
            <TextField
              label="PhotoURL"
              type="url"
              autoComplete="photo"
              disabled={busy}
              helperText="Optional"
              {...textFieldProps(register('photoURL'))}
            />
            <TextField
              select
              label="Role"
              disabled={busy}
              error={Boolean(errors.role)}
              helperText={errors.role?.message}
              // A native select: keyboard and phone friendly, and a plain input for react-hook-form.
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              {...textFieldProps(register('role'))}
            >
              <option value="buyer">Buyer</option>
              <option value="seller">Seller</option>
            </TextField>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              disabled={busy}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              {...textFieldProps(register('email'))}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              disabled={busy}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...textFieldProps(register('password'))}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {isSubmitting ? 'Signing up…' : 'Sign Up'}
            </Button>
          </Stack>
          <ProviderError message={providerError} />
        </form>
      }
      alternatives={
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <GoogleSignInButton disabled={busy} onBusyChange={setGoogleBusy} onSignedIn={goBack} />
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to="/login" state={location.state}>
              Login
            </Link>
          </Typography>
        </Stack>
      }
    />
  );
}
