import Typography from '@mui/material/Typography';

/** Placeholder until this screen's own issue: its SPEC title only. */
export function ReportsPage() {
  return (
    <Typography variant="h4" component="h1">
      Report
    </Typography>
  );
}
