import Typography from '@mui/material/Typography';

/** Placeholder until this screen's own issue: its SPEC title only. */
export function AllBuyersPage() {
  return (
    <Typography variant="h4" component="h1">
      All Buyer List
    </Typography>
  );
}
