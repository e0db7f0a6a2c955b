-- Signing out everywhere: the moment a person signed out of every device (or an admin removed them). An ID token
-- of a sign-in older than this is not traded for an access token any more, so another device's renewal fails.
ALTER TABLE users ADD COLUMN signed_out_everywhere_at timestamptz;
