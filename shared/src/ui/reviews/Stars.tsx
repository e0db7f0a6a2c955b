import Box from '@mui/material/Box';

/** Stars as text, "★★★★☆", named in words for a screen reader ("4 of 5 stars"). */
export function Stars({ stars }: { stars: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={`${stars} of 5 stars`}
      sx={{ color: 'warning.dark', letterSpacing: 1 }}
    >
      {'★'.repeat(stars)}
      {'☆'.repeat(5 - stars)}
    </Box>
  );
}
