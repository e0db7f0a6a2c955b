import Typography from '@mui/material/Typography';
import { useAuth } from '@bookswap/shared/auth';

/** product.md §2: /dashboard reads "Welcome," followed by the display name. */
export function DashboardWelcome() {
  const { user } = useAuth();
  return (
    <Typography variant="h4" component="h1">
      Welcome, {user?.displayName ?? ''}
    </Typography>
  );
}
