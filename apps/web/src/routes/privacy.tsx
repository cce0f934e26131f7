import { WARRANTY_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';

export function WarrantyPage() {
  usePageMeta(WARRANTY_META);
  return (
    <ProsePage
      title="Warranty Policy"
      lastUpdated="Last updated: September 2025"
      intro="When you rent from Pehnava, you should be able to focus on the celebration, not the clothes. This policy sets out what we guarantee about every piece we send, and what happens if something goes wrong."
    >
      <ProseSection title="Clean-Garment Promise">
        <p>
          Every rental is covered by our <strong>Pristine Promise</strong>. Before a piece leaves
          us, it is:
        </p>
        <ul>
          <li>professionally cleaned, using methods suited to its fabric and embellishment;</li>
          <li>sanitised;</li>
          <li>steamed and pressed, ready to wear; and</li>
          <li>
            quality-checked for stains, loose threads, missing embellishments and working closures.
          </li>
        </ul>
        <p>
          We never send out a piece that has not been through this process since its last rental. If
          something arrives that does not meet this standard, tell us within 24 hours of delivery
          (see Fit Guarantee below) and we will put it right.
        </p>
      </ProseSection>

      <ProseSection title="Damage Coverage">
        <p>
          Occasion wear is made to be danced in. We expect normal wear, and you will not be charged
          for it.
        </p>
        <ul>
          <li>
            <strong>Covered by us:</strong> normal wear, minor stains and loose threads. Our
            cleaning and restoration team takes care of these at no cost to you.
          </li>
          <li>
            <strong>Major damage or loss:</strong> if an item is lost, or damaged beyond what
            cleaning and routine repair can restore (for example large tears, burns, permanent
            stains or alterations), we may charge up to the item’s MRP.
          </li>
          <li>
            <strong>Optional damage insurance:</strong> if you added insurance at checkout (10% of
            your order value after discounts), the amount charged for major damage or loss is
            reduced.
          </li>
        </ul>
      </ProseSection>

      <ProseSection title="Fit Guarantee">
        <p>
          We want every outfit to fit the way it should. If a piece does not fit, or arrives with a
          defect, report it to us within <strong>24 hours of delivery</strong>, with your order
          number and, for a defect, a photo.
        </p>
        <ul>
          <li>We will exchange it for another size, subject to availability for your dates; or</li>
          <li>if no suitable size is available, refund the rental for that item.</li>
        </ul>
        <p>
          Refunds follow the timeline in our{' '}
          <Link to="/refund">Refund and Cancellation Policy</Link>. To report a problem,{' '}
          <Link to="/contact">contact our support team</Link>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
