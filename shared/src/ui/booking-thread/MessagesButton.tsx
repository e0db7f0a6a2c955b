import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';

export interface MessagesButtonProps {
  bookName: string;
  /** The other party of the booking. */
  otherName: string;
  unread: number;
  onOpen(): void;
}

/** A booking row's way to its thread, with the count of messages the reader has not read. */
export function MessagesButton({ bookName, otherName, unread, onOpen }: MessagesButtonProps) {
  return (
    <Badge badgeContent={unread} color="error" max={99} overlap="rectangular">
      <Button
        size="small"
        variant="outlined"
        aria-label={`Messages about ${bookName} with ${otherName}${unread > 0 ? `, ${unread} unread` : ''}`}
        onClick={onOpen}
      >
        Messages
      </Button>
    </Badge>
  );
}
