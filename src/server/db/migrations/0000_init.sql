CREATE TABLE "tblblasterhighscore" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tblblasterhighscore_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"score" integer NOT NULL,
	"level" integer NOT NULL,
	"struserinitials" text,
	"user_id" uuid,
	"local_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tblblasterhighscore_level_score_idx" ON "tblblasterhighscore" USING btree ("level","score" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "tblblasterhighscore_score_idx" ON "tblblasterhighscore" USING btree ("score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tblblasterhighscore_local_user_idx" ON "tblblasterhighscore" USING btree ("local_user_id");--> statement-breakpoint
CREATE INDEX "tblblasterhighscore_user_idx" ON "tblblasterhighscore" USING btree ("user_id");