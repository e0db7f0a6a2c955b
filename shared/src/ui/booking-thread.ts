// A booking's messages (decision 030) as an entry of its own: only My Orders, Booking Requests and the admin's
// reported messages load it, never the first screens.
export { BookingThreadDialog, MESSAGE_REPORTED, THREAD_CLOSED_LINE } from './booking-thread/BookingThreadDialog';
export type { BookingThreadDialogProps } from './booking-thread/BookingThreadDialog';
export { ReportedThreadDialog } from './booking-thread/ReportedThreadDialog';
export type { ReportedThreadDialogProps } from './booking-thread/ReportedThreadDialog';
export { MessagesButton } from './booking-thread/MessagesButton';
export type { MessagesButtonProps } from './booking-thread/MessagesButton';
export { useUnreadMessages } from './booking-thread/use-unread-messages';
export { REPORT_MESSAGE_TITLE } from './booking-thread/ReportMessageDialog';
