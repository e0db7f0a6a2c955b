-- What is wrong, in the reporter's words, when the reason is Other. Null for the other reasons and for
-- every report made before the text box existed; the admin's Report list shows it beside the reason.
ALTER TABLE reports ADD COLUMN details text;
