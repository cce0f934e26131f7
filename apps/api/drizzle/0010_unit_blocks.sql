ALTER TABLE "unit_reservations" ALTER COLUMN "booking_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD COLUMN "blocked_by" text;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_hold_or_block" CHECK (("unit_reservations"."booking_item_id" is null) = ("unit_reservations"."block_reason" is not null)
        and ("unit_reservations"."booking_item_id" is not null or "unit_reservations"."dispatched_at" is null));