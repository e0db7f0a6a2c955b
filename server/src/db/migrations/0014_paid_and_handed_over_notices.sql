-- The seller is told when their book is paid for, the buyer when it is handed over (docs/decisions/024): two more
-- notification kinds, as NOTIFICATION_KINDS in shared/src/schemas/notification.ts lists them. (0013 was retired by
-- docs/decisions/027; databases migrated before it may still list it, so its number is not reused.)
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('new-booking', 'booking-cancelled', 'booking-declined', 'sold-to-another-buyer', 'payment-receipt',
    'listing-hidden', 'listing-deleted', 'booking-paid', 'handed-over'));
