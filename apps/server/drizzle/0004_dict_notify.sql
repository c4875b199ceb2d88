-- Every change to a dictionary tells every server node at once (LISTEN hqt_dict_changed), so the
-- nodes' cached dictionaries are never staler than the notification's trip.
CREATE FUNCTION hqt_notify_dict_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hqt_dict_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dict_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dict_items
FOR EACH STATEMENT EXECUTE FUNCTION hqt_notify_dict_changed();
