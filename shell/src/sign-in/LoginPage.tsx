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
import { loginFormSchema, textFieldProps, type LoginForm } from './login-form';
import { ProviderError } from './ProviderError';
import { returnPathFrom } from './return-path';
import { SignInCard } from './SignInCard';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const goBack = () => void navigate(returnPathFrom(location.state), { replace: true });
  const busy = isSubmitting || googleBusy;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProviderError(null);
    try {
      await login(email, password);
      goBack();
    } catch (error) {
      setProviderError(messageOf(error));
    }
  });

  return (
    <SignInCard
      title="Login"
      form={
        <form noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
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
              autoComplete="current-password"
              disabled={busy}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...textFieldProps(register('password'))}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {isSubmitting ? 'Logging in…' : 'Login'}
            </Button>
          </Stack>
          <ProviderError message={providerError} />
        </form>
      }
      alternatives={
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <GoogleSignInButton disabled={busy} onBusyChange={setGoogleBusy} onSignedIn={goBack} />
          <Typography variant="body2">
            New to Bookswap?{' '}
            <Link component={RouterLink} to="/signup" state={location.state}>
              Create new account
            </Link>
          </Typography>
        </Stack>
      }
    />
  );
}
