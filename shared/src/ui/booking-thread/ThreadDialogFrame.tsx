import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';

export interface ThreadDialogFrameProps {
  open: boolean;
  title: string;
  /** Under the title: with whom, or whose thread. */
  subtitle: string;
  onClose(): void;
  children: ReactNode;
  /** Under the messages, outside the scrolling part: the box to write. */
  footer?: ReactNode;
}

/** A thread's dialog: full-screen on a phone, a scrolling column of messages elsewhere; Escape or Close leaves. */
export function ThreadDialogFrame({ open, title, subtitle, onClose, children, footer }: ThreadDialogFrameProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  // The caller forgets which thread was open as it closes; the heading stays as it was while the dialog fades out.
  const [heading, setHeading] = useState({ title, subtitle });
  if (open && (heading.title !== title || heading.subtitle !== subtitle)) setHeading({ title, subtitle });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {heading.title}
      </DialogTitle>
      <Typography color="text.secondary" sx={{ px: 3, pb: 1 }}>
        {heading.subtitle}
      </Typography>
      <DialogContent dividers>{children}</DialogContent>
      {footer ? <DialogContent sx={{ flex: 'none', pt: 2 }}>{footer}</DialogContent> : null}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
