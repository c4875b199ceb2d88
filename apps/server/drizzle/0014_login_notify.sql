-- Each node keeps the live logins it has checked in memory (services/auth/logins.ts) and its hub
-- ends the connections of a login that ended (services/push/hub.ts): every change that can end a
-- login or change what it may reach is named on `hqt_logins_changed`, a session as 's<uuid>', an
-- account as 'a<id>' (its logins, its role, its enterprises), everything as ''.
CREATE FUNCTION hqt_notify_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_logins_changed', 's' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_changed_notify AFTER UPDATE ON auth_sessions
FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.account_id IS DISTINCT FROM NEW.account_id)
EXECUTE FUNCTION hqt_notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_deleted_notify AFTER DELETE ON auth_sessions
FOR EACH ROW EXECUTE FUNCTION hqt_notify_session_changed();
--> statement-breakpoint
CREATE FUNCTION hqt_notify_account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_logins_changed', 'a' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What a login carries (name, role, reset, disabled) and what ends or bars it (password, lock).
CREATE TRIGGER accounts_changed_notify AFTER UPDATE ON accounts
FOR EACH ROW WHEN (
  OLD.disabled IS DISTINCT FROM NEW.disabled OR OLD.role_id IS DISTINCT FROM NEW.role_id
  OR OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password
  OR OLD.locked_until IS DISTINCT FROM NEW.locked_until OR OLD.username IS DISTINCT FROM NEW.username OR OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION hqt_notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_deleted_notify AFTER DELETE ON accounts
FOR EACH ROW EXECUTE FUNCTION hqt_notify_account_changed();
--> statement-breakpoint
-- An enterprise added, deleted or moved changes its account's scope (and the one it left).
CREATE FUNCTION hqt_notify_enterprise_scope_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('hqt_logins_changed', 'a' || OLD.account_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('hqt_logins_changed', 'a' || NEW.account_id::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enterprises_scope_inserted_notify AFTER INSERT OR DELETE ON enterprises
FOR EACH ROW EXECUTE FUNCTION hqt_notify_enterprise_scope_changed();
--> statement-breakpoint
CREATE TRIGGER enterprises_scope_changed_notify AFTER UPDATE ON enterprises
FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION hqt_notify_enterprise_scope_changed();
--> statement-breakpoint
-- A truncate names no row: an empty payload drops every node's copy.
CREATE FUNCTION hqt_notify_logins_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_logins_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_truncated_notify AFTER TRUNCATE ON auth_sessions
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_logins_truncated();
--> statement-breakpoint
CREATE TRIGGER accounts_truncated_notify AFTER TRUNCATE ON accounts
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_logins_truncated();
--> statement-breakpoint
CREATE TRIGGER enterprises_scope_truncated_notify AFTER TRUNCATE ON enterprises
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_logins_truncated();
