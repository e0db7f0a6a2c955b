import Typography from '@mui/material/Typography';

/** product.md §2 and §8: the identity provider's message, in red under the form. */
export function ProviderError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
      {message}
    </Typography>
  );
}
