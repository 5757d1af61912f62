CREATE TABLE "battle_lobby" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"instance" text NOT NULL,
	"level" integer NOT NULL,
	"identity" text NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battle_lobby_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "battle_lobby_quick_idx" ON "battle_lobby" USING btree ("kind","level","created_at");--> statement-breakpoint
CREATE INDEX "battle_lobby_instance_idx" ON "battle_lobby" USING btree ("instance");