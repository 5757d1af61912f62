ALTER TABLE "bands" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "edited_at" timestamp with time zone;