import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ProductModalProps {
  open: boolean;
  onClose(): void;
  /** Names the dialog for screen readers. */
  titleId: string;
  title: string;
  maxWidth: 'xs' | 'sm';
  onSubmit(event: FormEvent): void;
  submitDisabled: boolean;
  submitColor?: 'primary' | 'error';
  children: ReactNode;
}

/** The frame of the modals a book card opens: a titled form with Cancel and Submit. */
export function ProductModal({
  open,
  onClose,
  titleId,
  title,
  maxWidth,
  onSubmit,
  submitDisabled,
  submitColor = 'primary',
  children,
}: ProductModalProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      {/* The modal shows its own messages, not the browser's. */}
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={submitDisabled}>
            Submit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
