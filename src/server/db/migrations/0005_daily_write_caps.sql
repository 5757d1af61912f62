CREATE TABLE "client_daily_writes" (
	"client_key" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "client_daily_writes_client_key_day_kind_pk" PRIMARY KEY("client_key","day","kind")
);
--> statement-breakpoint
CREATE INDEX "client_daily_writes_day_idx" ON "client_daily_writes" USING btree ("day");