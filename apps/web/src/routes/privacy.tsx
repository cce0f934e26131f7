import { WARRANTY_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import { Link } from '../lib/link';
import { ProsePage, ProseSection } from '../components/ui/prose-page';
import { richText, useMessages } from '../i18n/messages';
import { warrantyMessages } from '../i18n/warranty';

export function WarrantyPage() {
  usePageMeta(WARRANTY_META);
  const m = useMessages(warrantyMessages);
  return (
    <ProsePage title={m.title()} lastUpdated={m.lastUpdated()} intro={m.intro()}>
      <ProseSection title={m.cleanTitle()}>
        <p>{richText(m.cleanIntro, { promise: <strong>{m.cleanPromise()}</strong> })}</p>
        <ul>
          <li>{m.cleanCleaned()}</li>
          <li>{m.cleanSanitised()}</li>
          <li>{m.cleanPressed()}</li>
          <li>{m.cleanChecked()}</li>
        </ul>
        <p>{m.cleanStandard()}</p>
      </ProseSection>

      <ProseSection title={m.damageTitle()}>
        <p>{m.damageIntro()}</p>
        <ul>
          <li>
            <strong>{m.coveredLabel()}</strong> {m.coveredText()}
          </li>
          <li>
            <strong>{m.majorLabel()}</strong> {m.majorText()}
          </li>
          <li>
            <strong>{m.insuranceLabel()}</strong> {m.insuranceText()}
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={m.fitTitle()}>
        <p>{richText(m.fitIntro, { window: <strong>{m.fitWindow()}</strong> })}</p>
        <ul>
          <li>{m.fitExchange()}</li>
          <li>{m.fitRefund()}</li>
        </ul>
        <p>
          {richText(m.fitRefunds, {
            refund: <Link to="/refund">{m.refundLink()}</Link>,
            contact: <Link to="/contact">{m.contactLink()}</Link>,
          })}
        </p>
      </ProseSection>
    </ProsePage>
  );
}
