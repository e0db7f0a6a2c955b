import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';

// product.md §1: About, Blog, Pricing and social links, all inert (no destinations exist for them).
const PAGES = ['About', 'Blog', 'Pricing'];
const SOCIAL = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X', Icon: XIcon },
  { label: 'Instagram', Icon: InstagramIcon },
];

export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 'auto', py: 4, px: 2, bgcolor: 'grey.900', color: 'grey.100' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ justifyContent: 'space-between', maxWidth: 1200, mx: 'auto' }}
      >
        <Stack direction="row" spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {PAGES.map((page) => (
            <Typography key={page} component="li">
              {page}
            </Typography>
          ))}
        </Stack>
        <Stack direction="row" spacing={2} aria-label="Social links">
          {SOCIAL.map(({ label, Icon }) => (
            <Icon key={label} titleAccess={label} />
          ))}
        </Stack>
        <Typography variant="body2">© Bookswap</Typography>
      </Stack>
    </Box>
  );
}
