import { useState, type FormEvent } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { writes } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@bookswap/shared/catalog-rules';
import type { Product } from '@bookswap/shared/schemas';
import { ProductModal } from '../product-modal/ProductModal';
import { useWrite } from '@bookswap/shared/ui';

type Reason = (typeof REPORT_REASONS)[number];

interface ReportModalProps {
  product: Product;
  open: boolean;
  /** Sent already from this page: submit stays disabled (product.md §4). */
  alreadyReported: boolean;
  onReported(productId: string): void;
  onClose(): void;
}

/**
 * product.md §2's report modal: one of the four reasons, sent once. Other opens a box for the reporter's own words,
 * which the admin reads beside the reason; it may stay empty, as product.md's call sends no such field.
 */
export function ReportModal({ product, open, alreadyReported, onReported, onClose }: ReportModalProps) {
  const { user } = useAuth();
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const { busy: sending, run } = useWrite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason || sending || alreadyReported) return;
    // Only Other takes words (the server refuses them with another reason); a blank box sends none.
    const words = reason === 'Other' ? details.trim() : '';
    await run(
      writes.createReport,
      {
        reason,
        reporterName: user?.displayName ?? '',
        productName: product.book_name,
        productId: product._id,
        uid: user?.uid ?? '',
        report: false,
        ...(words && { details: words }),
      },
      {
        success: 'Report successfully',
        onDone: () => {
          onReported(product._id);
          onClose();
        },
      },
    );
  }

  return (
    <ProductModal
      open={open}
      onClose={onClose}
      titleId="report-title"
      title={`Report ${product.book_name}`}
      maxWidth="xs"
      onSubmit={submit}
      submitDisabled={!reason || sending || alreadyReported}
      submitColor="error"
    >
      {alreadyReported && <DialogContentText sx={{ mb: 1 }}>You have reported this book.</DialogContentText>}
      <FormControl>
        <FormLabel id="report-reason-label">Reason</FormLabel>
        <RadioGroup
          aria-labelledby="report-reason-label"
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as Reason)}
        >
          {REPORT_REASONS.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio />}
              label={choice}
              disabled={alreadyReported}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {reason === 'Other' && (
        <TextField
          label="Tell us what is wrong"
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          disabled={alreadyReported}
          helperText={`${details.length}/${REPORT_DETAILS_MAX} characters`}
          slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX } }}
        />
      )}
    </ProductModal>
  );
}
