import { REFUND_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { richText, useMessages } from '../i18n/messages';
import { refundMessages } from '../i18n/refund';

export function RefundPage() {
  usePageMeta(REFUND_META);
  const m = useMessages(refundMessages);
  return (
    <ProsePage title={m.title()} lastUpdated={m.lastUpdated()} intro={m.intro()}>
      <ProseSection title={m.subscriptionsTitle()}>
        <p>{m.subscriptionsIntro()}</p>
        <ul>
          <li>
            <strong>{m.cancelNowLabel()}</strong> {m.cancelNowText()}
          </li>
          <li>
            <strong>{m.autoRenewalLabel()}</strong> {m.autoRenewalText()}
          </li>
        </ul>
        <p>{m.subscriptionsFees()}</p>
        <p>{m.subscriptionsRenewal()}</p>
      </ProseSection>

      <ProseSection title={m.rentalsTitle()}>
        <ul>
          <li>
            <strong>{m.beforeDispatchLabel()}</strong>{' '}
            {richText(m.beforeDispatchText, {
              contact: <Link to="/contact">{m.contactLink()}</Link>,
            })}
          </li>
          <li>
            <strong>{m.afterDispatchLabel()}</strong>{' '}
            {richText(m.afterDispatchText, {
              warranty: <Link to="/privacy">{m.warrantyLink()}</Link>,
            })}
          </li>
          <li>
            <strong>{m.unpaidLabel()}</strong> {m.unpaidText()}
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={m.timelineTitle()}>
        <p>
          {richText(m.timelineText, {
            method: <strong>{m.timelineMethod()}</strong>,
            days: <strong>{m.timelineDays()}</strong>,
          })}
        </p>
        <p>
          {richText(m.timelineLate, {
            contact: <Link to="/contact">{m.timelineContact()}</Link>,
          })}
        </p>
      </ProseSection>

      <ProseSection title={m.nonRefundableTitle()}>
        <p>{m.nonRefundableIntro()}</p>
        <ul>
          <li>{m.nonRefundableDelivery()}</li>
          <li>{m.nonRefundableInsurance()}</li>
          <li>{m.nonRefundablePeriods()}</li>
          <li>{m.nonRefundableDamaged()}</li>
        </ul>
      </ProseSection>
    </ProsePage>
  );
}
