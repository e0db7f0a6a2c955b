import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One of the home page's sections under the banner, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: 5 }}>
      <Typography id={id} variant="h4" component="h2" sx={{ mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
