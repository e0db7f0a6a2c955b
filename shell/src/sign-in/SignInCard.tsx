import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame both sign-in screens share: a centred card that fills a phone's width. */
export function SignInCard({ title, form, alternatives }: { title: string; form: ReactNode; alternatives: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 3 }}>
          {title}
        </Typography>
        {form}
        <Divider sx={{ my: 2.5 }}>OR</Divider>
        {alternatives}
      </Paper>
    </Box>
  );
}
