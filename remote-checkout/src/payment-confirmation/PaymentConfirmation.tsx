import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** product.md §4's success text, as written. */
export const PAYMENT_COMPLETE = 'congrats! your payment complete';

/** What the payment screen hands to My Orders in the navigation state, so the confirmation stays readable. */
export interface PaymentConfirmationState {
  paymentConfirmation: { bookName: string; transactionId: string };
}

export function confirmationOf(state: unknown): PaymentConfirmationState['paymentConfirmation'] | null {
  if (!state || typeof state !== 'object' || !('paymentConfirmation' in state)) return null;
  const confirmation = (state as Partial<PaymentConfirmationState>).paymentConfirmation;
  return confirmation && typeof confirmation.transactionId === 'string' ? confirmation : null;
}

interface PaymentConfirmationProps {
  bookName: string;
  transactionId: string;
  onClose?(): void;
}

/** "congrats! your payment complete" with the transaction id, on the payment screen and then on My Orders. */
export function PaymentConfirmation({ bookName, transactionId, onClose }: PaymentConfirmationProps) {
  return (
    <Alert severity="success" role="status" onClose={onClose} sx={{ my: 2 }}>
      <AlertTitle>{PAYMENT_COMPLETE}</AlertTitle>
      {`You paid for ${bookName}. `}
      Your transaction id:{' '}
      <Box component="span" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
        {transactionId}
      </Box>
    </Alert>
  );
}
