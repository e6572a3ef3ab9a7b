-- One-time links for a forgotten password (issue 26) share the setup and invitation links' table; the
-- purpose keeps the kinds apart. Links issued before it: an account's link was an invitation.
ALTER TABLE "setup_tokens" ADD COLUMN "purpose" text DEFAULT 'setup' NOT NULL;--> statement-breakpoint
UPDATE "setup_tokens" SET "purpose" = 'invitation' WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "setup_tokens_user_idx" ON "setup_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "setup_tokens" ADD CONSTRAINT "setup_tokens_purpose_check" CHECK ("setup_tokens"."purpose" in ('setup', 'invitation', 'password-reset'));--> statement-breakpoint
ALTER TABLE "setup_tokens" ADD CONSTRAINT "setup_tokens_account_check" CHECK (("setup_tokens"."purpose" = 'setup') = ("setup_tokens"."user_id" is null));