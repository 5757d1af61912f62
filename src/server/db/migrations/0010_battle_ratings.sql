CREATE TABLE "battle_ratings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"shown" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battle_ratings" ADD CONSTRAINT "battle_ratings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_ratings_shown_idx" ON "battle_ratings" USING btree ("shown" DESC NULLS LAST);