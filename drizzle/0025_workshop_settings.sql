CREATE TABLE "workshop_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_user_id" uuid,
	"actor" text NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshop_hours" (
	"weekday" integer PRIMARY KEY NOT NULL,
	"opens" text,
	"closes" text,
	"break_from" text,
	"break_to" text,
	CONSTRAINT "workshop_hours_weekday" CHECK ("workshop_hours"."weekday" between 0 and 6),
	CONSTRAINT "workshop_hours_open_close" CHECK (("workshop_hours"."opens" is null) = ("workshop_hours"."closes" is null) and ("workshop_hours"."opens" is null or "workshop_hours"."opens" < "workshop_hours"."closes")),
	CONSTRAINT "workshop_hours_break" CHECK (("workshop_hours"."break_from" is null) = ("workshop_hours"."break_to" is null) and ("workshop_hours"."break_from" is null or ("workshop_hours"."opens" < "workshop_hours"."break_from" and "workshop_hours"."break_from" < "workshop_hours"."break_to" and "workshop_hours"."break_to" < "workshop_hours"."closes"))),
	CONSTRAINT "workshop_hours_format" CHECK (coalesce("workshop_hours"."opens", '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce("workshop_hours"."closes", '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce("workshop_hours"."break_from", '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and coalesce("workshop_hours"."break_to", '00:00') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "workshop_services" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"duration_steps" integer NOT NULL,
	"bookable" boolean NOT NULL,
	"needs" text[] NOT NULL,
	"price_from_cents" integer,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "workshop_services_duration" CHECK ("workshop_services"."duration_steps" between 1 and 32),
	CONSTRAINT "workshop_services_price" CHECK ("workshop_services"."price_from_cents" is null or "workshop_services"."price_from_cents" >= 0),
	CONSTRAINT "workshop_services_needs" CHECK ("workshop_services"."needs" <@ array['lift', 'inspection', 'mechanic']::text[])
);
--> statement-breakpoint
CREATE TABLE "workshop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"workshop" jsonb NOT NULL,
	"imprint" jsonb NOT NULL,
	"booking_rules" jsonb NOT NULL,
	"email" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_settings_one_row" CHECK ("workshop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "workshop_changes" ADD CONSTRAINT "workshop_changes_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_changes_changed_at_idx" ON "workshop_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_services_name_idx" ON "workshop_services" USING btree ("name");