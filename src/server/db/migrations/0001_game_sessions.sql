CREATE TABLE "tblgamesession" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"local_user_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"seed" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tblblasterhighscore" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "tblgamesession_local_user_idx" ON "tblgamesession" USING btree ("local_user_id");--> statement-breakpoint
CREATE INDEX "tblgamesession_started_idx" ON "tblgamesession" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tblblasterhighscore_session_idx" ON "tblblasterhighscore" USING btree ("session_id");