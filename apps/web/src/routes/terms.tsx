import { TERMS_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';

export function TermsPage() {
  usePageMeta(TERMS_META);
  return (
    <ProsePage
      title="Terms of Service"
      lastUpdated="Last updated: September 2025"
      intro="These terms explain how renting from Pehnava works: what we promise you, what we ask of you, and how prices, payments and returns are handled. Please read them before you place a booking."
    >
      <ProseSection title="Acceptance of Terms">
        <p>
          By creating an account, browsing our collection or placing a booking on Pehnava, you agree
          to these Terms of Service, our <Link to="/privacy">Warranty Policy</Link> and our{' '}
          <Link to="/refund">Refund and Cancellation Policy</Link>. If you do not agree, please do
          not use the service.
        </p>
        <p>
          We may update these terms from time to time. When we do, we change the date at the top of
          this page. The terms in force when you place a booking apply to that booking.
        </p>
      </ProseSection>

      <ProseSection title="Eligibility">
        <p>
          You must be <strong>18 years or older</strong> to create an account and rent from Pehnava.
          By signing up you confirm that you are at least 18 and that the details you give us,
          including your name, e-mail address and phone number, are true and your own.
        </p>
        <p>
          You are responsible for keeping your password private and for everything done through your
          account.
        </p>
      </ProseSection>

      <ProseSection title="Our Services">
        <p>
          Pehnava rents Indian occasion wear and accessories, delivered to your door and picked up
          after your event. Every rental is for a fixed period that starts on the date you choose.
        </p>
        <ul>
          <li>
            <strong>Rental periods:</strong> 2, 4, 7 or 14 days. You can choose a start date from
            today up to 90 days ahead, subject to availability of your size on those dates.
          </li>
          <li>
            <strong>No deposit:</strong> you pay only for the rental and any options you choose.
            Nothing is held or blocked on your card.
          </li>
          <li>
            <strong>Free plan:</strong> pay per rental for 2, 4 or 7 days.
          </li>
          <li>
            <strong>Plus (₹999 for 14 days):</strong> 14-day rentals of up to 4 items in each
            period, Premium pieces free, Royal pieces at 50% off, free delivery and priority
            support.
          </li>
          <li>
            <strong>Pro (₹1,999 for 14 days):</strong> 14-day rentals of up to 8 items in each
            period, Premium and Royal pieces free, free delivery and priority support.
          </li>
        </ul>
        <p>
          Luxury pieces carry no plan discount: on Plus and Pro they are charged at the 14-day
          price. Once your plan’s item limit for the period is reached, further items in an order
          are charged at the full 14-day price. Plan details and changes are covered on the{' '}
          <Link to="/subscription-plans">Subscription Plans</Link> page and in our{' '}
          <Link to="/refund">Refund and Cancellation Policy</Link>.
        </p>
      </ProseSection>

      <ProseSection title="User Responsibilities">
        <p>
          While a Pehnava piece is with you, we ask you to treat it as you would your own best
          outfit:
        </p>
        <ul>
          <li>
            Take reasonable care of the garment. Keep it away from open flames, heavy makeup
            transfer, spills and sharp jewellery where you can.
          </li>
          <li>
            Do not alter, cut, stitch, dye, wash or dry-clean the garment yourself. We clean every
            piece professionally after it comes back.
          </li>
          <li>
            Give us an accurate and complete delivery address, PIN code and phone number, and be
            reachable on the delivery and pick-up dates.
          </li>
          <li>
            Return every item, with its accessories, by the end date of your rental, in the
            packaging provided.
          </li>
          <li>Do not sub-let, lend out or resell a rented piece.</li>
        </ul>
      </ProseSection>

      <ProseSection title="Pricing and Payments">
        <ul>
          <li>
            All prices are in Indian rupees (₹). The price shown for an item is the rental for the
            duration you have chosen.
          </li>
          <li>
            <strong>Delivery:</strong> on the Free plan, delivery costs ₹99 when your order value
            after discounts is below ₹1,999, and is free from ₹1,999 upwards. Delivery is always
            free on Plus and Pro.
          </li>
          <li>
            <strong>Damage insurance (optional):</strong> 10% of your order value after discounts.
            It reduces what you pay if a piece is seriously damaged; see our{' '}
            <Link to="/privacy">Warranty Policy</Link>.
          </li>
          <li>
            <strong>Coupons:</strong> a coupon reduces the rental subtotal only, not delivery or
            insurance, and never below zero. Each coupon has its own conditions, such as a minimum
            order value, a maximum discount, validity dates or first-order-only use.
          </li>
          <li>
            <strong>Payment:</strong> you pay online by card or UPI through our payment partner, in
            its secure payment window.
          </li>
          <li>
            <strong>Final price:</strong> every price, discount, fee and total is calculated by
            Pehnava’s servers at checkout. The amount shown in the payment window is the amount you
            pay.
          </li>
        </ul>
        <p>
          A booking is confirmed only when your payment succeeds. An unpaid booking is held for 15
          minutes and then released, and nothing is charged for it.
        </p>
      </ProseSection>

      <ProseSection title="Late Returns and Penalties">
        <p>
          Other shoppers are waiting for the pieces you rent, so please return them on time. If
          something makes a late return unavoidable, contact us as early as you can.
        </p>
        <ul>
          <li>
            <strong>Late fee:</strong> a late fee is charged for each day an item is returned after
            its end date. The daily amount depends on your plan and is shown at checkout or given by
            our support team on request.
          </li>
          <li>
            <strong>Items not returned:</strong> an item not returned within 14 days of its due date
            is treated as a purchase. You will be charged its MRP minus the rental fees you have
            already paid for it.
          </li>
          <li>
            <strong>Damage and loss:</strong> normal wear is expected and costs you nothing. Major
            damage or loss of an item is charged up to its MRP, as set out in our{' '}
            <Link to="/privacy">Warranty Policy</Link>.
          </li>
        </ul>
        <p>
          Questions about these terms? <Link to="/contact">Contact us</Link> and we will be happy to
          help.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
