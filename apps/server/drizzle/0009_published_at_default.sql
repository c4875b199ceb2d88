ALTER TABLE "policies" ALTER COLUMN "published_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "published_at" SET DEFAULT now();