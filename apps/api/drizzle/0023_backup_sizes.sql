ALTER TYPE "public"."charge_kind" ADD VALUE 'backup-worn';--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "backup_size" text;--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "backup_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "backup_fees_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD COLUMN "backup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD COLUMN "seal_intact" boolean;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_reservations_one_backup_per_line" ON "unit_reservations" USING btree ("booking_item_id") WHERE "unit_reservations"."backup" and "unit_reservations"."active";--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_backup" CHECK ("booking_items"."backup_fee_paise" >= 0 and ("booking_items"."backup_size" is not null or "booking_items"."backup_fee_paise" = 0)
        and ("booking_items"."backup_size" is null or "booking_items"."backup_size" <> "booking_items"."size"));--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_seal_of_backup" CHECK ("unit_reservations"."seal_intact" is null or ("unit_reservations"."backup" and "unit_reservations"."returned_at" is not null));