CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"night" date,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"size" bigint,
	"error" text,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('nightly', 'manual', 'pre-migration')),
	CONSTRAINT "backup_runs_night_check" CHECK (("backup_runs"."kind" = 'nightly') = ("backup_runs"."night" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_night_unique" ON "backup_runs" USING btree ("night");--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");
