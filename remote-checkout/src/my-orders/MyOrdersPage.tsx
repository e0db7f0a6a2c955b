import Typography from '@mui/material/Typography';

/** Placeholder until this screen's own issue: its SPEC title only. */
export function MyOrdersPage() {
  return (
    <Typography variant="h4" component="h1">
      My Orders
    </Typography>
  );
}
