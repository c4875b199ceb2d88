CREATE TABLE "policy_search" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"search" "tsvector" NOT NULL,
	"title_search" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "policies_search_idx";--> statement-breakpoint
ALTER TABLE "policy_search" ADD CONSTRAINT "policy_search_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_search_idx" ON "policy_search" USING gin ("search");--> statement-breakpoint
-- 政策文件's bigrams in a table of their own (services/policy/schema.ts says why): written as a
-- document's title, 文号 or text is, so a search reads only stored tsvectors (0027's index over the
-- expression had PostgreSQL compute every matching document's bigrams again: 30 s for a word found
-- in all of 5,000 documents).
CREATE FUNCTION hqt_policy_search_sync() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO policy_search (policy_id, search, title_search)
  VALUES (NEW.id, hqt_doc_search(NEW.title, NEW.doc_no, NEW.content_html), hqt_bigrams(NEW.title || ' ' || NEW.doc_no))
  ON CONFLICT (policy_id) DO UPDATE SET search = EXCLUDED.search, title_search = EXCLUDED.title_search;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policies_search_sync AFTER INSERT OR UPDATE OF title, doc_no, content_html ON policies
FOR EACH ROW EXECUTE FUNCTION hqt_policy_search_sync();
--> statement-breakpoint
INSERT INTO policy_search (policy_id, search, title_search)
SELECT id, hqt_doc_search(title, doc_no, content_html), hqt_bigrams(title || ' ' || doc_no) FROM policies;
