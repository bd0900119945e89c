ALTER TABLE "profiles" DROP COLUMN "private_profile";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "data_sharing";