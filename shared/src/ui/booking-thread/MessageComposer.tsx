import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { BOOKING_MESSAGE_MAX } from '../../schemas/booking-message';
import { formatCount } from '../../schemas/number-format';

export interface MessageComposerProps {
  /** Resolves true when the server took the message: the box then empties. */
  onSend(text: string): Promise<boolean>;
  busy: boolean;
}

const max = formatCount(BOOKING_MESSAGE_MAX);

/** The box to write a message: 1 to 2,000 characters after trimming, as the server counts them, shown as one types. */
export function MessageComposer({ onSend, busy }: MessageComposerProps) {
  const [text, setText] = useState('');
  const countId = useId();
  const length = text.trim().length;
  const tooLong = length > BOOKING_MESSAGE_MAX;

  const send = async () => {
    if (length === 0 || tooLong || busy) return;
    if (await onSend(text.trim())) setText('');
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <TextField
        label="Your message"
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        value={text}
        error={tooLong}
        onChange={(event) => setText(event.target.value)}
        // Ctrl+Enter (⌘+Enter) sends, as in most chat boxes; Enter alone starts a new line.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        helperText={
          <span id={countId} aria-live="polite">
            {tooLong
              ? `${formatCount(length)} characters: at most ${max}`
              : `${formatCount(length)} / ${max} characters`}
          </span>
        }
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={length === 0 || tooLong || busy}>
          Send
        </Button>
      </Stack>
    </Stack>
  );
}
