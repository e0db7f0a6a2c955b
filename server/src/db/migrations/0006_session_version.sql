-- Signing out ends the session on the server. Every access token carries the user's
-- session version when it was issued; signing out (and so every device's session) moves the version on, and the
-- server refuses a token of an older one. Existing tokens carry none and count as version 0 until they expire.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;
