DROP INDEX "library_tunes_search_trgm_idx";--> statement-breakpoint
DROP INDEX "library_tunes_composer_trgm_idx";--> statement-breakpoint
CREATE INDEX "library_tunes_search_trgm_idx" ON "library_tunes" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "library_tunes_composer_trgm_idx" ON "library_tunes" USING gin (lower("composer") gin_trgm_ops) WITH (fastupdate=false);