import { REFUND_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';

export function RefundPage() {
  usePageMeta(REFUND_META);
  return (
    <ProsePage
      title="Refund and Cancellation Policy"
      lastUpdated="Last updated: September 2025"
      intro="Plans change, and so do celebrations. Here is how cancelling a plan or a rental works, when you get your money back, and how long it takes."
    >
      <ProseSection title="Subscriptions">
        <p>
          Plus (₹999) and Pro (₹1,999) each run for a 14-day period from the day the plan is
          activated. You can cancel at any time from the Subscription Plans page, in one of two
          ways:
        </p>
        <ul>
          <li>
            <strong>Cancel immediately:</strong> your plan ends at once and you move to the Free
            plan straight away. Plan benefits stop from that moment.
          </li>
          <li>
            <strong>Turn off auto-renewal:</strong> your benefits last until the end of the 14-day
            period you have paid for, and the cancellation takes effect from the next cycle. You are
            not charged again.
          </li>
        </ul>
        <p>
          Plan fees for a period that has already started are not refunded, whichever way you
          cancel. Rentals you booked while the plan was active keep the prices you paid.
        </p>
        <p>
          If auto-renewal is on, we try to charge the next period’s fee when the current period ends
          and e-mail you the result. If that payment fails, the plan lapses and you return to the
          Free plan.
        </p>
      </ProseSection>

      <ProseSection title="On-Demand Rentals">
        <ul>
          <li>
            <strong>Before dispatch:</strong> you can cancel a confirmed booking for a full refund
            of the amount you paid. <Link to="/contact">Contact us</Link> with your order number.
            Items are usually dispatched one day before your rental starts.
          </li>
          <li>
            <strong>After dispatch:</strong> a booking can no longer be cancelled. Our 24-hour fit
            window still applies: if a piece does not fit or arrives with a defect, report it within
            24 hours of delivery for a size exchange, subject to availability, or a refund. See our{' '}
            <Link to="/privacy">Warranty Policy</Link>.
          </li>
          <li>
            <strong>Unpaid bookings:</strong> a booking whose payment is not completed within 15
            minutes is cancelled automatically. Nothing is charged.
          </li>
        </ul>
      </ProseSection>

      <ProseSection title="Refund Timeline">
        <p>
          Approved refunds go back to your <strong>original payment method</strong> (the same card
          or UPI account) within <strong>7 to 10 business days</strong>. When it shows in your
          account depends on your bank.
        </p>
        <p>
          If you have not received a refund after 10 business days, please{' '}
          <Link to="/contact">get in touch</Link> and we will look into it.
        </p>
      </ProseSection>

      <ProseSection title="Non-Refundable Items">
        <p>The following are not refunded:</p>
        <ul>
          <li>delivery fees, once the order has been dispatched;</li>
          <li>damage insurance, once the order has been dispatched;</li>
          <li>subscription periods that have already started or been used; and</li>
          <li>rentals of items damaged by the shopper.</li>
        </ul>
      </ProseSection>
    </ProsePage>
  );
}
