-- Cart answers kept in memory (decision 058). Hand-written: every write that can change what
-- GET /api/cart answers a shopper NOTIFYs 'pehnava_cart_changes' when its transaction commits, so
-- each API process drops the answers it kept: 'u:<user id>' for the shopper's own account, cart
-- lines, plans and bookings; 'p:<product id>' for the units and reservations of a product (any
-- shopper's cart may hold it); '*' for the plans themselves. PostgreSQL sends one notification per
-- distinct payload per transaction, so a checkout's many rows cost a few.
-- A bulk load (seed:scale) sets pehnava.bulk_load = 'on' in its session, sends '*' once at its
-- end, and so does not queue a notification per row.
CREATE FUNCTION "pehnava_cart_notify"(payload text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('pehnava_cart_changes', payload)
  WHERE coalesce(current_setting('pehnava.bulk_load', true), '') <> 'on'
$$;
--> statement-breakpoint
-- Rows that belong to a shopper: users (id), cart_items, subscriptions and bookings (user_id).
CREATE FUNCTION "pehnava_cart_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  new_user text;
  old_user text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_user := to_jsonb(NEW) ->> column_name;
    PERFORM "pehnava_cart_notify"('u:' || new_user);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_user := to_jsonb(OLD) ->> column_name;
    IF old_user IS DISTINCT FROM new_user THEN
      PERFORM "pehnava_cart_notify"('u:' || old_user);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_cart_changes" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_user_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "cart_items_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "cart_items"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_user_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "subscriptions_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_user_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "bookings_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_user_changed"('user_id');
--> statement-breakpoint
-- A booking's lines count toward its shopper's plan limit: their shopper, through the booking
-- (a booking deleted with its lines has already told its own trigger).
CREATE FUNCTION "pehnava_cart_booking_item_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT user_id::text INTO owner FROM bookings WHERE id = NEW.booking_id;
    IF owner IS NOT NULL THEN PERFORM "pehnava_cart_notify"('u:' || owner); END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT user_id::text INTO owner FROM bookings WHERE id = OLD.booking_id;
    IF owner IS NOT NULL THEN PERFORM "pehnava_cart_notify"('u:' || owner); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_items_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "booking_items"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_booking_item_changed"();
--> statement-breakpoint
-- Whether a cart line's dates are free: the units of its product and their reservations.
CREATE FUNCTION "pehnava_cart_unit_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "pehnava_cart_notify"('p:' || NEW.product_id);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.product_id <> NEW.product_id) THEN
    PERFORM "pehnava_cart_notify"('p:' || OLD.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_units_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "product_units"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_unit_changed"();
--> statement-breakpoint
CREATE FUNCTION "pehnava_cart_reservation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT product_id::text INTO product FROM product_units WHERE id = NEW.unit_id;
    IF product IS NOT NULL THEN PERFORM "pehnava_cart_notify"('p:' || product); END IF;
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.unit_id <> NEW.unit_id) THEN
    SELECT product_id::text INTO product FROM product_units WHERE id = OLD.unit_id;
    IF product IS NOT NULL THEN PERFORM "pehnava_cart_notify"('p:' || product); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "unit_reservations_cart_changes" AFTER INSERT OR UPDATE OR DELETE ON "unit_reservations"
  FOR EACH ROW EXECUTE FUNCTION "pehnava_cart_reservation_changed"();
--> statement-breakpoint
-- The plans (their limits), and any of these tables emptied at once: every answer.
CREATE FUNCTION "pehnava_cart_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "pehnava_cart_notify"('*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_cart_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_cart_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_cart_truncated" AFTER TRUNCATE ON "cart_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_cart_truncated" AFTER TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "bookings_cart_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_items_cart_truncated" AFTER TRUNCATE ON "booking_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_units_cart_truncated" AFTER TRUNCATE ON "product_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "unit_reservations_cart_truncated" AFTER TRUNCATE ON "unit_reservations"
  FOR EACH STATEMENT EXECUTE FUNCTION "pehnava_cart_all_changed"();
