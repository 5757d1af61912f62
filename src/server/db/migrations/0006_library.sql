CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "library_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"reporter_id" text,
	"client_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tune_id" uuid NOT NULL,
	"bww" text NOT NULL,
	"arranger" text,
	"source" text,
	"licence" text NOT NULL,
	"attribution" text,
	"uploader_id" text,
	"visibility" text NOT NULL,
	"builtin_id" text,
	"melody" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_settings_builtin_id_unique" UNIQUE("builtin_id"),
	CONSTRAINT "library_settings_visibility_check" CHECK ("library_settings"."visibility" in ('private', 'pending', 'public', 'rejected', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "library_tunes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"type" text NOT NULL,
	"time_signature" text NOT NULL,
	"composer" text DEFAULT 'Traditional' NOT NULL,
	"composer_dates" text,
	"notes" text,
	"search_text" text NOT NULL,
	"featured_at" timestamp with time zone,
	"merged_into" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_tunes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"setting_id" uuid,
	"title" text NOT NULL,
	"bww" text,
	"tempo" integer,
	"repeats" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'set' NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "library_reports" ADD CONSTRAINT "library_reports_setting_id_library_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."library_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_reports" ADD CONSTRAINT "library_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_tune_id_library_tunes_id_fk" FOREIGN KEY ("tune_id") REFERENCES "public"."library_tunes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_tunes" ADD CONSTRAINT "library_tunes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_setting_id_library_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."library_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_audit_created_idx" ON "library_audit" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_reports_status_idx" ON "library_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "library_reports_setting_idx" ON "library_reports" USING btree ("setting_id");--> statement-breakpoint
CREATE INDEX "library_settings_tune_idx" ON "library_settings" USING btree ("tune_id");--> statement-breakpoint
CREATE INDEX "library_settings_uploader_idx" ON "library_settings" USING btree ("uploader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "library_settings_visibility_idx" ON "library_settings" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE INDEX "library_tunes_search_trgm_idx" ON "library_tunes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "library_tunes_composer_trgm_idx" ON "library_tunes" USING gin (lower("composer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "library_tunes_type_idx" ON "library_tunes" USING btree ("type","time_signature");--> statement-breakpoint
CREATE INDEX "library_tunes_featured_idx" ON "library_tunes" USING btree ("featured_at");--> statement-breakpoint
CREATE INDEX "playlist_items_position_idx" ON "playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlists_owner_idx" ON "playlists" USING btree ("owner_id","updated_at" DESC NULLS LAST);