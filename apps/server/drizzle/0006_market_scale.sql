ALTER TABLE "guides" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (hqt_bigrams(title)) STORED;--> statement-breakpoint
CREATE INDEX "guides_market_idx" ON "guides" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"policy_id") WHERE "guides"."status" = 'published';--> statement-breakpoint
CREATE INDEX "guides_title_search_idx" ON "guides" USING gin ("title_search");