import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BookingMessage } from '../../schemas/booking-message';
import { formatDateTime, timeZoneName } from '../../schemas/date-format';

export interface MessageListProps {
  messages: BookingMessage[];
  /** Offered on the other party's messages only; an admin's read-only view passes none. */
  onReport?(message: BookingMessage): void;
}

/**
 * A thread's messages, oldest first: who wrote, when (in the reader's zone, named once), and the words as plain text.
 * React writes the text as a text node, so no markup is read and no link made (decision 030); line breaks stay.
 */
export function MessageList({ messages, onReport }: MessageListProps) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Times in {timeZoneName()}
      </Typography>
      <Stack component="ol" aria-label="Messages" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.map((message) => {
          const sent = formatDateTime(message.sentAt);
          return (
            <Box
              component="li"
              key={message._id}
              aria-label={`${message.mine ? 'You' : message.authorName}, ${sent}`}
              sx={{
                alignSelf: message.mine ? 'flex-end' : 'flex-start',
                maxWidth: { xs: '92%', sm: '80%' },
                bgcolor: message.mine ? 'action.selected' : 'background.paper',
                border: 1,
                borderColor: message.mine ? 'primary.light' : 'grey.300',
                borderRadius: 2,
                px: 1.5,
                py: 1,
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="span">
                  {message.mine ? 'You' : message.authorName}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={message.sentAt}>
                  {sent}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
              {onReport && !message.mine ? (
                <Button
                  size="small"
                  color="inherit"
                  sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}
                  aria-label={`Report the message from ${message.authorName} sent ${sent}`}
                  onClick={() => onReport(message)}
                >
                  Report
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
