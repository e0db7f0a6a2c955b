import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';

/** product.md §2: any URL no part of the product owns. */
export function NotFoundScreen() {
  return (
    <Box sx={{ py: 10, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Home
      </Button>
    </Box>
  );
}
