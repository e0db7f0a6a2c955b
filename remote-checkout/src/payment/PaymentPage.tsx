import Typography from '@mui/material/Typography';

/** Placeholder until this screen's own issue: its SPEC title only. */
export function PaymentPage() {
  return (
    <Typography variant="h4" component="h1">
      Payment
    </Typography>
  );
}
