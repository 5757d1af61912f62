CREATE TABLE "practice_sessions" (
	"user_id" text NOT NULL,
	"id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"record" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_sessions_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sessions_user_seq_idx" ON "practice_sessions" USING btree ("user_id","seq");