ALTER TABLE "appointments" ADD COLUMN "duration_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "license_plate" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "license_plate_normalized" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "vehicle_model" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "mileage_km" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "first_registration" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "handover" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" > 0);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_handover_check" CHECK ("appointments"."handover" in ('wait', 'drop_off', 'pickup'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_mileage_check" CHECK ("appointments"."mileage_km" between 0 and 2000000);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_first_registration_check" CHECK ("appointments"."first_registration" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');