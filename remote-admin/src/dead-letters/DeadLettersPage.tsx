import { formatDateTime, withTimeZone } from '@bookswap/shared/ui';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadedTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { DEAD_LETTERS_ROUTE } from './dead-letters-route';
import { useDeadLetters, type DeadLetterRow } from './use-dead-letters';

const columns: DataColumn<DeadLetterRow>[] = [
  {
    header: withTimeZone('Given up'),
    cell: (letter) => <time dateTime={letter.deadAt}>{formatDateTime(letter.deadAt)}</time>,
  },
  { header: 'To', cell: (letter) => letter.toEmail },
  { header: 'Subject', cell: (letter) => letter.subject },
  { header: 'Attempts', cell: (letter) => letter.attempts },
  { header: 'Last error', cell: (letter) => letter.lastError || 'No answer recorded' },
];

/**
 * The admin's list of emails the outbox stopped trying to send (each after its last attempt), newest first: who
 * missed which email and why, so they can tell that person, or fix the mail server, before it happens again.
 */
export function DeadLettersPage() {
  const letters = useDeadLetters();
  const shown = letters.data?.length ?? 0;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {DEAD_LETTERS_ROUTE.title}
      </Typography>
      {letters.count !== undefined && letters.count > shown ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The newest {shown} of {letters.count} undelivered emails.
        </Typography>
      ) : null}
      <LoadedTable
        load={letters}
        what="The undelivered emails"
        label={DEAD_LETTERS_ROUTE.title}
        columns={columns}
        empty="Every email was delivered"
      />
    </Box>
  );
}
