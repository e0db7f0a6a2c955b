import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH } from '@bookswap/contract/routing';
import { notifyError } from '@bookswap/shared/ui';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** product.md §2 and §8: the route-error screen of both layouts, spelled as given ("went to wrong"). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { logout } = useAuth();
  const navigate = useNavigate();

  async function logOut() {
    try {
      await logout();
    } catch (failure) {
      notifyError(failure);
    }
    await navigate(LOGIN_PATH);
  }

  return (
    <Box role="alert" sx={{ py: 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" color="error" gutterBottom>
        Something went to wrong!
      </Typography>
      <Typography sx={{ mb: 3 }}>{describe(error)}</Typography>
      <Button variant="contained" onClick={() => void logOut()}>
        Log out
      </Button>
    </Box>
  );
}
