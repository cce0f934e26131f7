import type { PageMeta } from './page-meta.js';

// The Hindi shop's titles and descriptions (decision 086), beside the English ones they translate:
// the server writes them into a Hindi page's first HTML, the web app keeps them current.

/**
 * Each page's Hindi words, by its English title (pages-meta.ts; pages-meta.test.ts checks that
 * every page there has them). A module of data alone: the web app loads it with the first page in
 * Hindi, and nothing English comes with it.
 */
const PAIRS: readonly (readonly [string, PageMeta])[] = [
  [
    'Pehnava · Occasion wear on rent',
    {
      title: 'पहनावा · ख़ास मौक़ों के कपड़े किराए पर',
      description:
        'शादी और ख़ास मौक़ों के कपड़े 2 से 14 दिन के लिए किराए पर लें। कोई डिपॉज़िट नहीं, साफ़ और जाँचे हुए, आपके दरवाज़े तक।',
    },
  ],
  [
    'The Collection · Pehnava',
    {
      title: 'कलेक्शन · पहनावा',
      description: 'लहंगे, साड़ियाँ, शेरवानी, गाउन और ज्वेलरी किराए पर: टियर, प्रकार, मौक़े और रंग के हिसाब से।',
    },
  ],
  [
    'About us · Pehnava',
    {
      title: 'हमारे बारे में · पहनावा',
      description:
        'पहनावा ख़ास मौक़ों के कपड़े किराए पर क्यों देता है: हर पोशाक साफ़, जाँची हुई और आप तक पहुँचाई हुई, ताकि आप बिना ख़रीदे सज सकें।',
    },
  ],
  [
    'Contact us · Pehnava',
    {
      title: 'संपर्क करें · पहनावा',
      description: 'किराए, बुकिंग या फ़िटिंग के बारे में पहनावा को फ़ोन करें, लिखें या मिलने आएँ।',
    },
  ],
  [
    'Terms of Service · Pehnava',
    {
      title: 'सेवा की शर्तें · पहनावा',
      description: 'पहनावा से किराए पर लेने की शर्तें: बुकिंग, पोशाक की देखभाल, वापसी और फ़ीस।',
    },
  ],
  [
    'Warranty Policy · Pehnava',
    {
      title: 'वारंटी नीति · पहनावा',
      description:
        'हर किराए की पोशाक की हालत और फ़िटिंग के बारे में पहनावा का वादा, और किसी समस्या की सूचना देने के लिए 24 घंटे।',
    },
  ],
  [
    'Refund and Cancellation · Pehnava',
    {
      title: 'रिफ़ंड और कैंसलेशन · पहनावा',
      description: 'पहनावा की बुकिंग कब कैंसल हो सकती है, क्या रिफ़ंड होता है और रिफ़ंड में कितना समय लगता है।',
    },
  ],
  [
    'Login or sign up · Pehnava',
    {
      title: 'लॉग इन या साइन अप · पहनावा',
      description:
        'पहनावा में लॉग इन करें, या अपने ई-मेल पर भेजे गए कोड से खाता बनाएँ और ख़ास मौक़ों के कपड़े किराए पर लें।',
    },
  ],
  [
    'My profile · Pehnava',
    {
      title: 'मेरी प्रोफ़ाइल · पहनावा',
      description: 'आपका पहनावा खाता: जानकारी, प्लान और सुरक्षा।',
    },
  ],
  [
    'Your cart · Pehnava',
    {
      title: 'आपका कार्ट · पहनावा',
      description: 'जो पोशाकें आप किराए पर लेने वाले हैं, उनकी तारीख़ें और कुल रक़म।',
    },
  ],
  [
    'Checkout · Pehnava',
    {
      title: 'चेकआउट · पहनावा',
      description: 'आपका किराया कहाँ पहुँचाना है, चाहें तो नुक़सान से सुरक्षा, और भुगतान।',
    },
  ],
  [
    'My bookings · Pehnava',
    {
      title: 'मेरी बुकिंग · पहनावा',
      description:
        'पहनावा की आपकी भुगतान हो चुकी बुकिंग: उनकी स्थिति, डिलीवरी और आपने क्या किराए पर लिया।',
    },
  ],
  [
    'Choose for your booking · Pehnava',
    {
      title: 'अपनी बुकिंग के लिए चुनें · पहनावा',
      description: 'आपकी बुकिंग के लिए रखी गई पोशाक शायद तैयार न हो: चुनें कि हम उसकी जगह क्या भेजें।',
    },
  ],
  [
    'Confirming your payment · Pehnava',
    {
      title: 'आपके भुगतान की पुष्टि हो रही है · पहनावा',
      description: 'पहनावा भुगतान सेवा से आपके भुगतान की पुष्टि कर रहा है।',
    },
  ],
  [
    'My wishlist · Pehnava',
    {
      title: 'मेरी विशलिस्ट · पहनावा',
      description: 'वे पोशाकें जिन्हें आपने बाद में किराए पर लेने के लिए सहेजा है।',
    },
  ],
  [
    'Notify me · Pehnava',
    {
      title: 'मुझे बताएँ · पहनावा',
      description: 'वे साइज़ जिनके लिए आपने कहा है कि आपकी तारीख़ों पर ख़ाली होते ही हम आपको ई-मेल करें।',
    },
  ],
  [
    'Subscription plans · Pehnava',
    {
      title: 'सब्सक्रिप्शन प्लान · पहनावा',
      description:
        'Plus और Pro: 14 दिन के किराए पर पूरी प्राइस टियर मुफ़्त या आधी क़ीमत पर, मुफ़्त डिलीवरी और प्राथमिकता से सहायता।',
    },
  ],
  [
    'Page not found · Pehnava',
    {
      title: 'पेज नहीं मिला · पहनावा',
      description: 'यह पेज मौजूद नहीं है। इसकी जगह कलेक्शन देखें।',
    },
  ],
  [
    'Product · Pehnava',
    {
      title: 'पोशाक · पहनावा',
      description: 'लहंगे, साड़ियाँ, शेरवानी, गाउन और ज्वेलरी किराए पर: टियर, प्रकार, मौक़े और रंग के हिसाब से।',
      type: 'product',
    },
  ],
];

const HINDI = new Map(PAIRS);

/** A page's words in Hindi, given its English ones; a page without them keeps the English. */
export function hindiPageMeta(meta: PageMeta): PageMeta {
  return HINDI.get(meta.title) ?? meta;
}
