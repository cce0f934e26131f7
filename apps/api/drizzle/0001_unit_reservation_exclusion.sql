-- Hand-written: Drizzle cannot express an exclusion constraint.
-- Two active reservations of the same physical unit can never cover overlapping days,
-- whatever the timing of the requests that create them.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "unit_reservations"
  ADD CONSTRAINT "unit_reservations_no_overlap"
  EXCLUDE USING gist (
    "unit_id" WITH =,
    daterange("blocked_from", "blocked_until", '[]') WITH &&
  ) WHERE ("active");
--> statement-breakpoint
ALTER TABLE "unit_reservations"
  ADD CONSTRAINT "unit_reservations_range_valid" CHECK ("blocked_until" >= "blocked_from");
--> statement-breakpoint
ALTER TABLE "cart_items"
  ADD CONSTRAINT "cart_items_quantity_positive" CHECK ("quantity" >= 1);
--> statement-breakpoint
ALTER TABLE "booking_items"
  ADD CONSTRAINT "booking_items_quantity_positive" CHECK ("quantity" >= 1);
--> statement-breakpoint
ALTER TABLE "products"
  ADD CONSTRAINT "products_prices_non_negative" CHECK (
    "mrp_paise" >= 0 AND "two_day_price_paise" >= 0 AND "four_day_price_paise" >= 0
    AND "seven_day_price_paise" >= 0 AND "fourteen_day_price_paise" >= 0
  );
