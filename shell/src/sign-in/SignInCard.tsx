import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LOGIN_REASON_TEXT, loginReasonOf, SIGN_IN_PAGE_TEXT, signInPageOf } from '@bookswap/contract/routing';
import { useLoginState } from './use-login-state';

/**
 * The frame both sign-in screens share: a centred card that fills a phone's width. Above the form, why the visitor
 * was sent here when an action or a link sent them ("Sign in to book this book", a book's details); the sign-up
 * link keeps it.
 */
export function SignInCard({ title, form, alternatives }: { title: string; form: ReactNode; alternatives: ReactNode }) {
  const state = useLoginState();
  const reason = loginReasonOf(state);
  const page = signInPageOf(state);
  const why = reason ? LOGIN_REASON_TEXT[reason] : page ? SIGN_IN_PAGE_TEXT[page] : null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 3 }}>
          {title}
        </Typography>
        {why ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {why}
          </Alert>
        ) : null}
        {form}
        <Divider sx={{ my: 2.5 }}>OR</Divider>
        {alternatives}
      </Paper>
    </Box>
  );
}
