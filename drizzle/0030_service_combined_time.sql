-- A service's combined time (issue 28, decision 045): how long it takes as one of several services in
-- a visit, in slot steps from 1 up to its own duration; null (every service so far) is its duration.
ALTER TABLE "workshop_services" ADD COLUMN "combined_steps" integer;--> statement-breakpoint
ALTER TABLE "workshop_services" ADD CONSTRAINT "workshop_services_combined" CHECK ("workshop_services"."combined_steps" is null or "workshop_services"."combined_steps" between 1 and "workshop_services"."duration_steps");
