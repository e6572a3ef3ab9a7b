CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"start_time" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_range_check" CHECK ("closures"."from_date" <= "closures"."to_date")
);
--> statement-breakpoint
CREATE INDEX "closures_range_idx" ON "closures" USING btree ("to_date","from_date");