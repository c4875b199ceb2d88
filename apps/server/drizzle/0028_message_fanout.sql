-- 政策推送's fan-out writes 100,000 messages at a time (docs/push.md). One unique index, key first,
-- serves both what the two did: one message per notice and account (notify's ON CONFLICT names the
-- same columns), and what one notice reached (the console's counts and recipients).
CREATE UNIQUE INDEX "messages_dedupe_account_key" ON "messages" USING btree ("dedupe_key","account_id");--> statement-breakpoint
DROP INDEX "messages_account_dedupe_key";--> statement-breakpoint
DROP INDEX "messages_dedupe_idx";--> statement-breakpoint
-- The foreign key to accounts checked each row by locking its account's row (FOR KEY SHARE: a WAL
-- record and a dirtied page of accounts per message, a third of the insert). Statement triggers keep
-- what it kept, once per statement: a message names an account that exists; its account never
-- changes; deleting an account deletes its messages. (The app never deletes an account: it disables
-- it, or soft-deletes an enterprise. Unlike the key, nothing stops an account deleted while a message
-- to it is being written, in another transaction, from leaving that message behind.)
ALTER TABLE "messages" DROP CONSTRAINT "messages_account_id_accounts_id_fk";--> statement-breakpoint
CREATE FUNCTION hqt_messages_account_exists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added m WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.account_id)) THEN
    RAISE EXCEPTION 'a message names an account that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_account_exists AFTER INSERT ON messages REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION hqt_messages_account_exists();--> statement-breakpoint
CREATE FUNCTION hqt_messages_account_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a message''s account does not change' USING ERRCODE = 'foreign_key_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER messages_account_fixed BEFORE UPDATE OF account_id ON messages
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id) EXECUTE FUNCTION hqt_messages_account_fixed();--> statement-breakpoint
CREATE FUNCTION hqt_accounts_delete_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM messages m USING gone g WHERE m.account_id = g.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_delete_messages AFTER DELETE ON accounts REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION hqt_accounts_delete_messages();
