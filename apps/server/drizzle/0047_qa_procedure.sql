ALTER TABLE "qa_passages" DROP CONSTRAINT "qa_passages_kind_check";--> statement-breakpoint
ALTER TABLE "qa_passages" ADD CONSTRAINT "qa_passages_kind_check" CHECK ("qa_passages"."kind" in ('clause', 'interpretation', 'conditions', 'standard', 'materials', 'procedure'));--> statement-breakpoint
-- Every policy indexed again at the next start (qa-reconcile): its guides now have a 办理流程 passage.
DELETE FROM "qa_sources";
