import { TERMS_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { richText, useMessages } from '../i18n/messages';
import { termsMessages } from '../i18n/terms';

export function TermsPage() {
  usePageMeta(TERMS_META);
  const m = useMessages(termsMessages);
  const warranty = <Link to="/privacy">{m.warrantyLink()}</Link>;
  const refund = <Link to="/refund">{m.refundLink()}</Link>;
  return (
    <ProsePage title={m.title()} lastUpdated={m.lastUpdated()} intro={m.intro()}>
      <ProseSection title={m.acceptanceTitle()}>
        <p>{richText(m.acceptanceText0, { warranty, refund })}</p>
        <p>{m.acceptanceText1()}</p>
      </ProseSection>

      <ProseSection title={m.eligibilityTitle()}>
        <p>{richText(m.eligibilityText0, { age: <strong>{m.eligibilityAge()}</strong> })}</p>
        <p>{m.eligibilityText1()}</p>
      </ProseSection>

      <ProseSection title={m.servicesTitle()}>
        <p>{m.servicesText0()}</p>
        <ul>
          <li>
            <strong>{m.periodsLabel()}</strong> {m.periodsText()}
          </li>
          <li>
            <strong>{m.depositLabel()}</strong> {m.depositText()}
          </li>
          <li>
            <strong>{m.freeLabel()}</strong> {m.freeText()}
          </li>
          <li>
            <strong>{m.plusLabel()}</strong> {m.plusText()}
          </li>
          <li>
            <strong>{m.proLabel()}</strong> {m.proText()}
          </li>
        </ul>
        <p>
          {richText(m.servicesText1, {
            plans: <Link to="/subscription-plans">{m.plansLink()}</Link>,
            refund,
          })}
        </p>
      </ProseSection>

      <ProseSection title={m.responsibilitiesTitle()}>
        <p>{m.responsibilitiesIntro()}</p>
        <ul>
          <li>{m.responsibilityCare()}</li>
          <li>{m.responsibilityAlter()}</li>
          <li>{m.responsibilityAddress()}</li>
          <li>{m.responsibilityReturn()}</li>
          <li>{m.responsibilityResell()}</li>
        </ul>
      </ProseSection>

      <ProseSection title={m.pricingTitle()}>
        <ul>
          <li>{m.pricingRupees()}</li>
          <li>
            <strong>{m.deliveryLabel()}</strong> {m.deliveryText()}
          </li>
          <li>
            <strong>{m.insuranceLabel()}</strong> {richText(m.insuranceText, { warranty })}
          </li>
          <li>
            <strong>{m.couponsLabel()}</strong> {m.couponsText()}
          </li>
          <li>
            <strong>{m.paymentLabel()}</strong> {m.paymentText()}
          </li>
          <li>
            <strong>{m.finalPriceLabel()}</strong> {m.finalPriceText()}
          </li>
        </ul>
        <p>{m.pricingConfirmed()}</p>
      </ProseSection>

      <ProseSection title={m.lateTitle()}>
        <p>{m.lateIntro()}</p>
        <ul>
          <li>
            <strong>{m.lateFeeLabel()}</strong> {m.lateFeeText()}
          </li>
          <li>
            <strong>{m.notReturnedLabel()}</strong> {m.notReturnedText()}
          </li>
          <li>
            <strong>{m.damageLabel()}</strong> {richText(m.damageText, { warranty })}
          </li>
        </ul>
        <p>{richText(m.questions, { contact: <Link to="/contact">{m.contactLink()}</Link> })}</p>
      </ProseSection>
    </ProsePage>
  );
}
