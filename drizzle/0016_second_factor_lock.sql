-- Wrong second-factor codes in a row per account; after 20 the code login locks until a recovery
-- code, an owner or `npm run admin -- unlock-2fa` lifts it (issue 31, decision 033).
ALTER TABLE "admin_users" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "second_factor_locked_at" timestamp with time zone;