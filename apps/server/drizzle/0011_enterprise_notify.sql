-- The reverse list keeps every live enterprise's facts in memory on each node
-- (services/calculator/reverse.ts): each changed row is named to every node, which re-reads that row.
CREATE FUNCTION hqt_notify_enterprise_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_enterprises_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enterprises_changed_notify AFTER INSERT OR UPDATE OR DELETE ON enterprises
FOR EACH ROW EXECUTE FUNCTION hqt_notify_enterprise_changed();
--> statement-breakpoint
-- A truncate names no row: an empty payload drops every node's copy.
CREATE FUNCTION hqt_notify_enterprises_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_enterprises_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enterprises_truncated_notify AFTER TRUNCATE ON enterprises
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_enterprises_truncated();
