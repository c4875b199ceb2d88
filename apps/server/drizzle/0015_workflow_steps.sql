CREATE TABLE "workflow_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"step" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_steps_subject_idx" ON "workflow_steps" USING btree ("subject_kind","subject_id","id");--> statement-breakpoint
-- The timeline is append-only like the audit log: a step taken stays taken, for any role the server uses.
CREATE FUNCTION hqt_workflow_steps_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'workflow_steps is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER workflow_steps_no_update_delete BEFORE UPDATE OR DELETE ON "workflow_steps" FOR EACH ROW EXECUTE FUNCTION hqt_workflow_steps_append_only();--> statement-breakpoint
CREATE TRIGGER workflow_steps_no_truncate BEFORE TRUNCATE ON "workflow_steps" FOR EACH STATEMENT EXECUTE FUNCTION hqt_workflow_steps_append_only();
