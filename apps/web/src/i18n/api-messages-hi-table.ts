import { hindiDate, own, shape, type Found, type Shape } from './api-messages-hi-kit';

/*
 * The Hindi of every message the API and the shared rules say to a shopper (decision 086), written
 * out beside the English it translates, which is packages/shared/src/constants' English as it is
 * now. Nothing is imported from the shared package: this is the Hindi chunk's own data, so the
 * English pages' chunks are cut as if it were not there (importing the shared constants here split
 * them into many small chunks every English page then loaded). api-messages-hi.test.ts keeps the
 * two in step: each shopper message has its Hindi here, each message made from values is matched
 * by a shape, and no English here is one the shared code no longer says.
 *
 * Not here: the groups only the operator console shows (it stays English): ADMIN_MESSAGES,
 * ADMIN_COUPON_MESSAGES, CATALOGUE_ADMIN_MESSAGES, CUSTOMER_MESSAGES, FULFILMENT_MESSAGES, and the
 * console's members of the groups below (the test lists them).
 */

const REFUSED = 'इस भुगतान से आपका किराया नहीं बढ़ सका, और यह पूरा लौटा दिया जाएगा।';

/**
 * The plain messages by their English, a group at a time (a message an earlier group says already
 * is not written again: an English written twice fails the typecheck), then the web app's own
 * fallbacks that it shows as an error's message.
 */
export const PLAIN: Readonly<Record<string, string>> = {
  // MESSAGES
  'Product not found': 'यह प्रोडक्ट नहीं मिला',
  'Not found': 'नहीं मिला',
  'Request body is not valid JSON': 'अनुरोध का डेटा सही JSON नहीं है',
  'Unsupported content type: send application/json':
    'यह कंटेंट टाइप नहीं लिया जाता: application/json भेजें',
  'Request body is too large': 'अनुरोध का डेटा बहुत बड़ा है',
  'The requested address is not valid': 'माँगा गया पता सही नहीं है',
  'The requested address is too long': 'माँगा गया पता बहुत लंबा है',
  'The request could not be read': 'अनुरोध पढ़ा नहीं जा सका',
  'Request headers are too large': 'अनुरोध के हेडर बहुत बड़े हैं',
  'The request took too long to arrive': 'अनुरोध पहुँचने में बहुत समय लगा',
  'Something went wrong on our side. Please try again.':
    'हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'Too many requests. Please wait a moment and try again.':
    'बहुत ज़्यादा अनुरोध आए हैं। कृपया थोड़ी देर रुककर फिर से कोशिश करें।',
  'Pehnava is briefly unavailable. Please try again in a few seconds.':
    'पहनावा कुछ पलों के लिए उपलब्ध नहीं है। कृपया कुछ सेकंड बाद फिर से कोशिश करें।',
  'Failed to load products': 'प्रोडक्ट लोड नहीं हो सके',
  'Failed to load subscription plans': 'सब्सक्रिप्शन प्लान लोड नहीं हो सके',
  'Please login to add items to wishlist': 'विशलिस्ट में जोड़ने के लिए कृपया लॉग इन करें',
  'Please login to add items to cart': 'कार्ट में जोड़ने के लिए कृपया लॉग इन करें',
  'This product is currently out of stock': 'यह प्रोडक्ट अभी स्टॉक में नहीं है',
  'Please select a start date': 'कृपया शुरू होने की तारीख़ चुनें',
  'Start date cannot be in the past': 'शुरू होने की तारीख़ बीता हुआ दिन नहीं हो सकती',
  'Please select a size': 'कृपया साइज़ चुनें',
  'Selected size is not available': 'चुना गया साइज़ उपलब्ध नहीं है',
  'Failed to fetch product': 'प्रोडक्ट लोड नहीं हो सका',
  'Failed to add to cart': 'कार्ट में नहीं जोड़ा जा सका',
  'Error adding to cart': 'कार्ट में जोड़ते समय गड़बड़ी हुई',
  'Item added to cart!': 'आइटम कार्ट में जोड़ दिया गया!',
  'Failed to add to wishlist': 'विशलिस्ट में नहीं जोड़ा जा सका',
  'Added to wishlist': 'विशलिस्ट में जोड़ दिया गया',
  'Failed to remove from wishlist': 'विशलिस्ट से नहीं हटाया जा सका',
  'Removed from wishlist': 'विशलिस्ट से हटा दिया गया',
  'Start date is required': 'शुरू होने की तारीख़ ज़रूरी है',
  'Start date must be within the next 90 days': 'शुरू होने की तारीख़ अगले 90 दिनों के अंदर होनी चाहिए',
  'Please choose a valid start date': 'कृपया शुरू होने की सही तारीख़ चुनें',
  'Please choose a rental period of 2, 4, 7 or 14 days': 'कृपया किराए की अवधि 2, 4, 7 या 14 दिन चुनें',
  'This product is already in your cart': 'यह प्रोडक्ट पहले से आपके कार्ट में है',
  'This size is already booked for those dates. Please choose another date or size.':
    'इन तारीख़ों के लिए यह साइज़ पहले से बुक है। कृपया कोई दूसरी तारीख़ या साइज़ चुनें।',
  'Failed to remove item': 'आइटम नहीं हटाया जा सका',
  'Error removing item': 'आइटम हटाते समय गड़बड़ी हुई',
  'Item removed from cart': 'आइटम कार्ट से हटा दिया गया',
  'This item is not in your cart': 'यह आइटम आपके कार्ट में नहीं है',
  'Failed to clear cart': 'कार्ट ख़ाली नहीं किया जा सका',
  'Error clearing cart': 'कार्ट ख़ाली करते समय गड़बड़ी हुई',
  'Cart cleared': 'कार्ट ख़ाली कर दिया गया',
  'Please login to proceed with checkout': 'चेकआउट करने के लिए कृपया लॉग इन करें',
  'Your cart is empty': 'आपका कार्ट ख़ाली है',
  'Failed to load your cart': 'आपका कार्ट लोड नहीं हो सका',
  'Failed to load your wishlist': 'आपकी विशलिस्ट लोड नहीं हो सकी',
  // ACCOUNT_MESSAGES
  'Please enter your name': 'कृपया अपना नाम लिखें',
  'Please enter a valid email address': 'कृपया सही ईमेल पता लिखें',
  'Please enter a valid 10-digit phone number': 'कृपया सही 10 अंकों का फ़ोन नंबर लिखें',
  'Password must be at least 8 characters long': 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
  'Password must be at most 256 characters long': 'पासवर्ड ज़्यादा से ज़्यादा 256 अक्षरों का हो सकता है',
  'Password contains characters that are not allowed': 'पासवर्ड में ऐसे अक्षर हैं जो लिए नहीं जाते',
  'Please enter your password': 'कृपया अपना पासवर्ड लिखें',
  'Please enter a valid 6-digit OTP': 'कृपया सही 6 अंकों का OTP लिखें',
  'An account with this email already exists. Please login.':
    'इस ईमेल से पहले से एक खाता है। कृपया लॉग इन करें।',
  'OTP sent to your email!': 'OTP आपके ईमेल पर भेज दिया गया है!',
  'Please wait a minute before asking for a new code.': 'नया कोड माँगने से पहले कृपया एक मिनट रुकें।',
  'Too many codes requested for this email. Please try again in an hour.':
    'इस ईमेल के लिए बहुत ज़्यादा कोड माँगे गए हैं। कृपया एक घंटे बाद फिर से कोशिश करें।',
  'No code is waiting for this email. Please sign up again.':
    'इस ईमेल के लिए कोई कोड बाक़ी नहीं है। कृपया फिर से साइन अप करें।',
  'This code has expired. Please request a new one.':
    'इस कोड की समय-सीमा ख़त्म हो गई है। कृपया नया कोड माँगें।',
  'Incorrect OTP. Please check the code and try again.':
    'OTP ग़लत है। कृपया कोड जाँचकर फिर से कोशिश करें।',
  'Too many wrong tries. Please request a new code.': 'बहुत बार ग़लत कोड डाला गया। कृपया नया कोड माँगें।',
  'Account verified successfully!': 'खाता सत्यापित हो गया!',
  'Invalid email or password': 'ईमेल या पासवर्ड ग़लत है',
  'Login successful!': 'आप लॉग इन हो गए!',
  'Please login to continue': 'आगे बढ़ने के लिए कृपया लॉग इन करें',
  'Session expired. Please login again.': 'सेशन ख़त्म हो गया। कृपया फिर से लॉग इन करें।',
  'Name cannot be empty': 'नाम ख़ाली नहीं हो सकता',
  'Profile updated': 'प्रोफ़ाइल अपडेट हो गई',
  'Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV)':
    'सही GSTIN लिखें (15 अक्षर, जैसे 27AAPFU0939F1ZV)',
  "Choose the language as 'en' (English) or 'hi' (Hindi)": "भाषा 'en' (अंग्रेज़ी) या 'hi' (हिंदी) चुनें",
  'Please enter your current password': 'कृपया अपना मौजूदा पासवर्ड लिखें',
  'Your current password is incorrect': 'आपका मौजूदा पासवर्ड ग़लत है',
  'Password changed': 'पासवर्ड बदल दिया गया',
  'Please enter your password to confirm': 'पुष्टि के लिए कृपया अपना पासवर्ड लिखें',
  'That password is incorrect. Your account has not been deleted.':
    'यह पासवर्ड ग़लत है। आपका खाता नहीं हटाया गया है।',
  'Your account has been deleted': 'आपका खाता हटा दिया गया है',
  'Too many attempts. Please wait a few minutes and try again.':
    'बहुत ज़्यादा कोशिशें हो गईं। कृपया कुछ मिनट रुककर फिर से कोशिश करें।',
  'Login failed': 'लॉग इन नहीं हो सका',
  'Login error': 'लॉग इन में गड़बड़ी हुई',
  'Registration failed': 'रजिस्ट्रेशन नहीं हो सका',
  'Registration error': 'रजिस्ट्रेशन में गड़बड़ी हुई',
  'OTP verification failed': 'OTP सत्यापित नहीं हो सका',
  'OTP verification error': 'OTP सत्यापित करते समय गड़बड़ी हुई',
  'Failed to resend OTP': 'OTP दोबारा नहीं भेजा जा सका',
  'We sent you a code less than a minute ago. Enter it below.':
    'हमने आपको एक मिनट से भी कम समय पहले कोड भेजा है। उसे नीचे लिखें।',
  'This code keeps the name and password you entered first. To use the new ones, resend the code when the countdown ends.':
    'इस कोड के साथ वही नाम और पासवर्ड रहेंगे जो आपने पहली बार लिखे थे। नए इस्तेमाल करने के लिए, उलटी गिनती ख़त्म होने पर कोड दोबारा भेजें।',
  'Failed to load your profile': 'आपकी प्रोफ़ाइल लोड नहीं हो सकी',
  'Failed to load your subscription': 'आपका सब्सक्रिप्शन लोड नहीं हो सका',
  'Failed to update profile': 'प्रोफ़ाइल अपडेट नहीं हो सकी',
  'Failed to change password': 'पासवर्ड नहीं बदला जा सका',
  'Failed to delete account': 'खाता नहीं हटाया जा सका',
  'New passwords do not match': 'दोनों नए पासवर्ड एक जैसे नहीं हैं',
  'Password reset feature coming soon!': 'पासवर्ड रीसेट करने की सुविधा जल्द आ रही है!',
  'Logged out successfully': 'आप लॉग आउट हो गए हैं',
  'Are you absolutely sure? This action cannot be undone. All your data will be permanently deleted.':
    'क्या आप पूरी तरह निश्चित हैं? यह वापस नहीं किया जा सकता। आपका सारा डेटा हमेशा के लिए मिटा दिया जाएगा।',
  // BOOKING_MESSAGES
  'Please enter street address': 'कृपया गली का पता लिखें',
  'Please enter city': 'कृपया शहर लिखें',
  'Please select state': 'कृपया राज्य चुनें',
  'Please enter a valid 6-digit PIN code': 'कृपया सही 6 अंकों का PIN कोड लिखें',
  'Please login to place order': 'ऑर्डर देने के लिए कृपया लॉग इन करें',
  'Order is already being processed': 'ऑर्डर पहले से प्रोसेस हो रहा है',
  'Invalid payment response received': 'भुगतान का जवाब सही नहीं मिला',
  'Failed to create booking': 'बुकिंग नहीं बन सकी',
  'Booking creation error': 'बुकिंग बनाते समय गड़बड़ी हुई',
  'Failed to place order': 'ऑर्डर नहीं दिया जा सका',
  'Payment verification failed': 'भुगतान की पुष्टि नहीं हो सकी',
  'Verification error': 'पुष्टि करते समय गड़बड़ी हुई',
  'Booking confirmed! 🎉': 'बुकिंग पक्की हो गई! 🎉',
  'Payment cancelled. You can try again from your cart.':
    'भुगतान रद्द कर दिया गया। आप अपने कार्ट से फिर से कोशिश कर सकते हैं।',
  'Payment initiation failed. Please try again.': 'भुगतान शुरू नहीं हो सका। कृपया फिर से कोशिश करें।',
  'Booking created. Complete the payment to confirm it.':
    'बुकिंग बन गई है। इसे पक्का करने के लिए भुगतान पूरा करें।',
  'Booking confirmed! 🎉 Nothing to pay on this one.':
    'बुकिंग पक्की हो गई! 🎉 इस पर कुछ भी चुकाना नहीं है।',
  'This booking is already confirmed.': 'यह बुकिंग पहले से पक्की है।',
  'Booking not found': 'बुकिंग नहीं मिली',
  'This booking has no tax invoice yet: it is issued when the payment is confirmed.':
    'इस बुकिंग का अभी कोई टैक्स इनवॉइस नहीं है: यह भुगतान की पुष्टि होने पर जारी होता है।',
  'This booking has no tax invoice or credit note with that number.':
    'इस बुकिंग का इस नंबर वाला कोई टैक्स इनवॉइस या क्रेडिट नोट नहीं है।',
  'Each product can appear only once in an order': 'एक ऑर्डर में हर प्रोडक्ट सिर्फ़ एक बार हो सकता है',
  'Payment verification failed: the payment signature does not match':
    'भुगतान की पुष्टि नहीं हो सकी: भुगतान का सिग्नेचर मेल नहीं खाता',
  'Payment verification failed: this payment is not for this booking':
    'भुगतान की पुष्टि नहीं हो सकी: यह भुगतान इस बुकिंग का नहीं है',
  'Payment verification failed: the amount paid does not match the booking':
    'भुगतान की पुष्टि नहीं हो सकी: चुकाई गई रकम बुकिंग की रकम से मेल नहीं खाती',
  'Payment verification failed: the payment has not been completed':
    'भुगतान की पुष्टि नहीं हो सकी: भुगतान पूरा नहीं हुआ है',
  'This booking expired before the payment arrived. If you were charged, the amount is refunded in full.':
    'भुगतान पहुँचने से पहले ही इस बुकिंग की समय-सीमा ख़त्म हो गई। अगर आपके पैसे कटे हैं, तो पूरी रकम लौटा दी जाएगी।',
  'This booking could not be confirmed as it was made, so your payment is refunded in full: 7 to 10 business days. We have e-mailed you why.':
    'यह बुकिंग जिस तरह बनाई गई थी, उस तरह पक्की नहीं हो सकी, इसलिए आपका पूरा भुगतान लौटाया जा रहा है: 7 से 10 कामकाजी दिनों में। इसकी वजह हमने आपको ईमेल कर दी है।',
  'This booking was already paid. This second payment is refunded in full: 7 to 10 business days.':
    'इस बुकिंग का भुगतान पहले ही हो चुका था। यह दूसरा भुगतान पूरा लौटाया जा रहा है: 7 से 10 कामकाजी दिनों में।',
  'The payment service is not answering right now. Nothing has been charged or held; please try again in a minute.':
    'भुगतान सेवा अभी जवाब नहीं दे रही है। न कुछ कटा है, न रोका गया है; कृपया एक मिनट बाद फिर से कोशिश करें।',
  'The payment service could not open this payment. Nothing has been charged or held; please try again, or write to us if it keeps happening.':
    'भुगतान सेवा यह भुगतान शुरू नहीं कर सकी। न कुछ कटा है, न रोका गया है; कृपया फिर से कोशिश करें, और ऐसा बार-बार हो तो हमें लिखें।',
  'Failed to load your bookings': 'आपकी बुकिंग लोड नहीं हो सकीं',
  'Cancel this booking? The full amount is refunded to the account you paid from in 7 to 10 business days.':
    'यह बुकिंग रद्द करें? पूरी रकम 7 से 10 कामकाजी दिनों में उसी खाते में लौटा दी जाएगी जिससे आपने भुगतान किया था।',
  'Booking cancelled. Your full refund is on its way: 7 to 10 business days.':
    'बुकिंग रद्द कर दी गई। आपका पूरा रिफ़ंड रास्ते में है: 7 से 10 कामकाजी दिन।',
  'Failed to cancel booking': 'बुकिंग रद्द नहीं हो सकी',
  'Cancellation error': 'रद्द करते समय गड़बड़ी हुई',
  'This booking is already cancelled.': 'यह बुकिंग पहले से रद्द है।',
  'This booking is not paid yet: nothing to cancel. Its hold ends by itself.':
    'इस बुकिंग का अभी भुगतान नहीं हुआ है: रद्द करने को कुछ नहीं है। इसके लिए रखे गए पीस अपने-आप छूट जाएँगे।',
  'This booking is already on its way and can no longer be cancelled online. Please contact us.':
    'यह बुकिंग आपके पास भेजी जा चुकी है और अब ऑनलाइन रद्द नहीं की जा सकती। कृपया हमसे संपर्क करें।',
  'Confirming your payment…': 'आपके भुगतान की पुष्टि हो रही है…',
  'This booking is not paid through Stripe.': 'इस बुकिंग का भुगतान Stripe से नहीं हुआ है।',
  'Payment verification failed: Stripe has not received the payment for this booking. If you paid, it will be confirmed shortly.':
    'भुगतान की पुष्टि नहीं हो सकी: Stripe को इस बुकिंग का भुगतान नहीं मिला है। अगर आपने भुगतान किया है, तो जल्द ही उसकी पुष्टि हो जाएगी।',
  'This coupon has just been used up. Remove it and try again.':
    'यह कूपन अभी-अभी पूरा इस्तेमाल हो गया। इसे हटाकर फिर से कोशिश करें।',
  // COUPON_MESSAGES
  'Coupon code required': 'कूपन कोड ज़रूरी है',
  'Invalid coupon': 'यह कूपन मान्य नहीं है',
  'This coupon is not active yet. Please try again once the offer starts.':
    'यह कूपन अभी चालू नहीं हुआ है। ऑफ़र शुरू होने पर फिर से कोशिश करें।',
  'Sorry, this coupon has expired.': 'माफ़ कीजिए, इस कूपन की समय-सीमा ख़त्म हो चुकी है।',
  'You have already used this coupon.': 'आप यह कूपन पहले ही इस्तेमाल कर चुके हैं।',
  'Sorry, this coupon has been fully redeemed.': 'माफ़ कीजिए, यह कूपन पूरी तरह इस्तेमाल हो चुका है।',
  'This coupon is only for your first order.': 'यह कूपन सिर्फ़ आपके पहले ऑर्डर के लिए है।',
  'Your subtotal is ₹0, so there is nothing for this coupon to take off.':
    'आपका सबटोटल ₹0 है, इसलिए इस कूपन से घटाने को कुछ नहीं है।',
  // EXTENSION_MESSAGES
  'Choose 1 to 7 more days': '1 से 7 दिन और चुनें',
  'Only a booking that is out with you (shipped or delivered) can be kept longer':
    'सिर्फ़ वही बुकिंग ज़्यादा दिन रखी जा सकती है जो आपके पास है (भेजी जा चुकी या डिलीवर हो चुकी)',
  'This rental has reached its return date, so it can no longer be extended':
    'यह किराया अपनी वापसी की तारीख़ तक पहुँच चुका है, इसलिए अब इसे बढ़ाया नहीं जा सकता',
  'Every piece of this booking is already back': 'इस बुकिंग का हर पीस पहले ही वापस आ चुका है',
  'Pay to keep your rental longer': 'अपना किराया ज़्यादा दिन रखने के लिए भुगतान करें',
  'Your payment has not reached us yet. We will update your booking as soon as it does.':
    'आपका भुगतान अभी हम तक नहीं पहुँचा है। पहुँचते ही हम आपकी बुकिंग अपडेट कर देंगे।',
  'This payment is not for an extension of this booking': 'यह भुगतान इस बुकिंग को बढ़ाने के लिए नहीं है',
  'Your booking has just changed. Please try again.':
    'आपकी बुकिंग अभी-अभी बदली है। कृपया फिर से कोशिश करें।',
  'This payment could not extend your rental and will be refunded in full.': REFUSED,
  'Could not load the dates you can keep it to. Please try again.':
    'आप इसे किस तारीख़ तक रख सकते हैं, यह लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  'Could not start the payment. Please try again.': 'भुगतान शुरू नहीं हो सका। कृपया फिर से कोशिश करें।',
  'Could not check your payment. Refresh in a moment to see your return date.':
    'आपका भुगतान जाँचा नहीं जा सका। अपनी वापसी की तारीख़ देखने के लिए थोड़ी देर में पेज रीफ़्रेश करें।',
  'Payment cancelled. Your return date has not changed.':
    'भुगतान रद्द कर दिया गया। आपकी वापसी की तारीख़ नहीं बदली है।',
  // EXTENSION_MESSAGES.tooManyDays(0) and (1), whose words are their own.
  'Sorry, a piece of this booking is booked by someone else right after your rental, so it cannot be extended':
    'माफ़ कीजिए, इस बुकिंग का एक पीस आपके किराए के ठीक बाद किसी और ने बुक किया है, इसलिए इसे बढ़ाया नहीं जा सकता',
  'Sorry, a piece of this booking is booked by someone else after that: you can keep it up to 1 more day':
    'माफ़ कीजिए, इस बुकिंग का एक पीस उसके बाद किसी और ने बुक किया है: आप इसे ज़्यादा से ज़्यादा 1 दिन और रख सकते हैं',
  // FIT_MESSAGES
  'The 24-hour fit window has closed': 'फ़िट जाँचने के 24 घंटे पूरे हो चुके हैं',
  'Reason must be fit or not-as-described': 'कारण चुनें: फ़िटिंग, या पीस जैसा बताया गया था वैसा नहीं है',
  'Choose an exchange or a refund': 'एक्सचेंज या रिफ़ंड में से एक चुनें',
  'You can report a problem once your order has been delivered':
    'ऑर्डर डिलीवर होने के बाद ही आप किसी समस्या के बारे में बता सकते हैं',
  'This item is not part of this booking': 'यह आइटम इस बुकिंग का हिस्सा नहीं है',
  'This item is already back with us': 'यह आइटम पहले ही हमारे पास वापस आ चुका है',
  'You have already reported this item': 'आप इस आइटम के बारे में पहले ही बता चुके हैं',
  'Choose the size you would like instead': 'बदले में आप जो साइज़ चाहते हैं, उसे चुनें',
  'This item cost nothing on your plan, so there is nothing to refund. Please hand it to our courier, who will collect it.':
    'आपके प्लान पर इस आइटम का कोई शुल्क नहीं लगा था, इसलिए लौटाने को कुछ नहीं है। कृपया इसे हमारे कूरियर को दे दें, वे इसे ले जाएँगे।',
  // NOTIFY_ME_MESSAGES
  "We'll e-mail you as soon as it is free for those dates":
    'उन तारीख़ों के लिए उपलब्ध होते ही हम आपको ईमेल करेंगे',
  'You have already asked: we will e-mail you as soon as it is free':
    'आप पहले ही कह चुके हैं: उपलब्ध होते ही हम आपको ईमेल करेंगे',
  'This size is free for those dates: you can book it now':
    'यह साइज़ उन तारीख़ों के लिए उपलब्ध है: आप इसे अभी बुक कर सकते हैं',
  "You can have at most 20 'notify me' requests open: cancel one first":
    "आपके ज़्यादा से ज़्यादा 20 'मुझे बताएँ' अनुरोध एक साथ खुले रह सकते हैं: पहले कोई एक रद्द करें",
  'Request not found': 'अनुरोध नहीं मिला',
  "Cancelled: we won't e-mail you about it": 'रद्द कर दिया गया: अब हम आपको इसके बारे में ईमेल नहीं करेंगे',
  'Please login to be told when it frees up': 'इसके उपलब्ध होने पर सूचना पाने के लिए कृपया लॉग इन करें',
  // REVIEW_MESSAGES
  'Please give a rating from 1 to 5 stars': 'कृपया 1 से 5 स्टार तक रेटिंग दें',
  'Please say how it fitted: runs small, true to size or runs large':
    'कृपया बताएँ कि फ़िटिंग कैसी रही: छोटा, सही साइज़ या बड़ा',
  'Height must be between 120 and 210 cm': 'लंबाई 120 से 210 सेमी के बीच होनी चाहिए',
  'Please choose one of the occasions listed': 'कृपया दिए गए मौक़ों में से एक चुनें',
  'Your review can be at most 1000 characters': 'आपकी समीक्षा ज़्यादा से ज़्यादा 1000 अक्षरों की हो सकती है',
  'Sizes are at most 40 characters': 'साइज़ में ज़्यादा से ज़्यादा 40 अक्षर हो सकते हैं',
  'You can review a piece once it is back with us':
    'पीस हमारे पास वापस आने के बाद ही आप उसकी समीक्षा कर सकते हैं',
  'You have already reviewed this piece from this booking':
    'आप इस बुकिंग के इस पीस की समीक्षा पहले ही कर चुके हैं',
  'Thank you: your review is up': 'धन्यवाद: आपकी समीक्षा दिखने लगी है',
  'Review not found': 'समीक्षा नहीं मिली',
  'Thanks for saying so': 'बताने के लिए धन्यवाद',
  'Photos must be JPEG, PNG or WebP images of at most 10 MB':
    'फ़ोटो ज़्यादा से ज़्यादा 10 MB की JPEG, PNG या WebP तस्वीर होनी चाहिए',
  'A review has at most 3 photos': 'एक समीक्षा में ज़्यादा से ज़्यादा 3 फ़ोटो हो सकती हैं',
  'Photo added': 'फ़ोटो जोड़ दी गई',
  'Page must be a whole number from 1': 'पेज 1 या उससे बड़ी कोई पूरी संख्या होनी चाहिए',
  'Sort by recent or helpful': 'क्रम recent या helpful होना चाहिए',
  // SUBSCRIPTION_MESSAGES
  'Please login to upgrade your subscription': 'अपना सब्सक्रिप्शन अपग्रेड करने के लिए कृपया लॉग इन करें',
  'You are already on this plan': 'आप पहले से इसी प्लान पर हैं',
  'Plan not found': 'प्लान नहीं मिला',
  'Failed to create subscription order': 'सब्सक्रिप्शन का ऑर्डर नहीं बन सका',
  'Failed to create order': 'ऑर्डर नहीं बन सका',
  'Failed to initiate payment': 'भुगतान शुरू नहीं हो सका',
  'Subscription error': 'सब्सक्रिप्शन में गड़बड़ी हुई',
  'Failed to cancel subscription': 'सब्सक्रिप्शन रद्द नहीं हो सका',
  'Payment cancelled': 'भुगतान रद्द कर दिया गया',
  'Subscription activated successfully! 🎉': 'सब्सक्रिप्शन चालू हो गया! 🎉',
  'Subscription cancelled immediately': 'सब्सक्रिप्शन तुरंत रद्द कर दिया गया',
  'Subscription cancelled successfully': 'सब्सक्रिप्शन रद्द कर दिया गया',
  'Auto-renewal disabled': 'ऑटो-रिन्यूअल बंद कर दिया गया',
  'Are you sure you want to cancel your subscription? You will lose all subscription benefits immediately.':
    'क्या आप वाक़ई अपना सब्सक्रिप्शन रद्द करना चाहते हैं? सब्सक्रिप्शन के सारे फ़ायदे तुरंत ख़त्म हो जाएँगे।',
  'You are on the Free plan: there is no subscription to cancel':
    'आप फ़्री प्लान पर हैं: रद्द करने के लिए कोई सब्सक्रिप्शन नहीं है',
  'Auto-renewal is already disabled': 'ऑटो-रिन्यूअल पहले से बंद है',
  'Payment order not found': 'भुगतान का ऑर्डर नहीं मिला',
  'The payment was not completed': 'भुगतान पूरा नहीं हुआ',
  'Your plan changed while this payment was open; it will be refunded':
    'यह भुगतान खुला रहते हुए आपका प्लान बदल गया; यह भुगतान लौटा दिया जाएगा',
  'Payment received. Your plan will show here as soon as it is confirmed.':
    'भुगतान मिल गया। पुष्टि होते ही आपका प्लान यहाँ दिखने लगेगा।',
  'The payment service is not answering right now. Nothing has been charged; please try again in a minute.':
    'भुगतान सेवा अभी जवाब नहीं दे रही है। कुछ नहीं कटा है; कृपया एक मिनट बाद फिर से कोशिश करें।',
  'The payment service could not open this payment. Nothing has been charged; please try again, or write to us if it keeps happening.':
    'भुगतान सेवा यह भुगतान शुरू नहीं कर सकी। कुछ नहीं कटा है; कृपया फिर से कोशिश करें, और ऐसा बार-बार हो तो हमें लिखें।',
  // WHATSAPP_MESSAGES
  'Please enter a valid 10-digit mobile number': 'कृपया सही 10 अंकों का मोबाइल नंबर लिखें',
  'Please enter a valid 6-digit code': 'कृपया सही 6 अंकों का कोड लिखें',
  'We sent a code to your WhatsApp. Enter it to turn on booking updates.':
    'हमने आपके WhatsApp पर एक कोड भेजा है। बुकिंग की जानकारी पाना चालू करने के लिए उसे लिखें।',
  'Too many codes requested. Please try again in an hour.':
    'बहुत ज़्यादा कोड माँगे गए हैं। कृपया एक घंटे बाद फिर से कोशिश करें।',
  'No code is waiting. Please ask for a new one.': 'कोई कोड बाक़ी नहीं है। कृपया नया कोड माँगें।',
  'Incorrect code. Please check it and try again.': 'कोड ग़लत है। कृपया इसे जाँचकर फिर से कोशिश करें।',
  'Booking updates on WhatsApp are on': 'WhatsApp पर बुकिंग की जानकारी मिलना चालू है',
  'Booking updates on WhatsApp are off': 'WhatsApp पर बुकिंग की जानकारी मिलना बंद है',
  'WhatsApp updates are not available right now': 'WhatsApp पर जानकारी अभी उपलब्ध नहीं है',
  // AT_RISK_MESSAGES
  'Choose another size, another piece, or cancelling the booking':
    'दूसरा साइज़, दूसरा पीस या बुकिंग रद्द करना, इनमें से एक चुनें',
  'This item is no longer at risk: nothing changed': 'इस आइटम में अब कोई दिक़्क़त नहीं है: कुछ नहीं बदला',
  'This booking is not paid yet: none of its pieces is at risk':
    'इस बुकिंग का अभी भुगतान नहीं हुआ है: इसके किसी पीस में दिक़्क़त नहीं है',
  'Choose the size you would like': 'आप जो साइज़ चाहते हैं, उसे चुनें',
  'Choose the piece you would like': 'आप जो पीस चाहते हैं, उसे चुनें',
  'That piece is not one of the choices for this item: choose one of the pieces offered':
    'वह पीस इस आइटम के विकल्पों में नहीं है: दिए गए पीस में से एक चुनें',
  'That piece is no longer free for your dates: choose again':
    'वह पीस अब आपकी तारीख़ों के लिए उपलब्ध नहीं है: फिर से चुनें',
  'Your booking is cancelled. It cost nothing, so there is nothing to refund.':
    'आपकी बुकिंग रद्द कर दी गई है। इसका कोई शुल्क नहीं लगा था, इसलिए लौटाने को कुछ नहीं है।',
  // BACKUP_MESSAGES
  'Choose a back-up size other than the size you are renting':
    'बैक-अप के लिए किराए वाले साइज़ से अलग कोई साइज़ चुनें',
  // CHARGE_MESSAGES
  'Nothing is due on this booking': 'इस बुकिंग पर कुछ भी बकाया नहीं है',
  'Pay the balance due to settle this booking': 'इस बुकिंग का हिसाब पूरा करने के लिए बकाया रकम चुकाएँ',
  'Balance paid. Thank you!': 'बकाया चुका दिया गया। धन्यवाद!',
  'The balance changed while you were paying, so this payment will be refunded in full. Please pay the new balance.':
    'आपके भुगतान के दौरान बकाया रकम बदल गई, इसलिए यह भुगतान पूरा लौटा दिया जाएगा। कृपया नई बकाया रकम चुकाएँ।',
  'This balance was already paid: this second payment will be refunded in full.':
    'यह बकाया पहले ही चुकाया जा चुका था: यह दूसरा भुगतान पूरा लौटा दिया जाएगा।',
  'The balance due has just changed. Please try again.':
    'बकाया रकम अभी-अभी बदली है। कृपया फिर से कोशिश करें।',
  'Could not check your payment. Refresh in a moment to see your balance.':
    'आपका भुगतान जाँचा नहीं जा सका। अपना बकाया देखने के लिए थोड़ी देर में पेज रीफ़्रेश करें।',
  'Payment cancelled. The balance is still due.':
    'भुगतान रद्द कर दिया गया। बकाया रकम अभी भी चुकानी है।',
  'This payment is not for this booking’s balance': 'यह भुगतान इस बुकिंग के बकाये के लिए नहीं है',
  // CONSTRAINT_CONFLICT_MESSAGES
  'That piece has just been booked for those dates. Please choose other dates or another size.':
    'वह पीस अभी-अभी इन तारीख़ों के लिए बुक हो गया। कृपया दूसरी तारीख़ें या कोई दूसरा साइज़ चुनें।',
  'This booking already holds a coupon.': 'इस बुकिंग पर पहले से एक कूपन लगा है।',
  'You already have an active plan.': 'आपका एक प्लान पहले से चालू है।',
  'Another tax document took this number at the same moment. Please try again.':
    'उसी समय किसी दूसरे टैक्स दस्तावेज़ ने यह नंबर ले लिया। कृपया फिर से कोशिश करें।',
  'This payment already has its tax invoice.': 'इस भुगतान का टैक्स इनवॉइस पहले से बना हुआ है।',
  'This refund already has its credit note.': 'इस रिफ़ंड का क्रेडिट नोट पहले से बना हुआ है।',
  'An issued tax invoice or credit note cannot be changed.':
    'जारी किया गया टैक्स इनवॉइस या क्रेडिट नोट बदला नहीं जा सकता।',
  // CONFLICT_KIND_MESSAGES
  'This has already been done and cannot be done twice.':
    'यह पहले ही हो चुका है और दोबारा नहीं किया जा सकता।',
  'This clashes with a booking made at the same time. Please try again.':
    'यह उसी समय बनी किसी दूसरी बुकिंग से टकराता है। कृपया फिर से कोशिश करें।',
  'Something this refers to has just changed or been removed. Please try again.':
    'जिस चीज़ से यह जुड़ा है, वह अभी-अभी बदली या हटाई गई है। कृपया फिर से कोशिश करें।',
  'This change is not allowed.': 'इस बदलाव की अनुमति नहीं है।',
  'Someone else was changing the same thing at that moment. Please try again.':
    'उसी समय कोई और भी यही चीज़ बदल रहा था। कृपया फिर से कोशिश करें।',
  // PRODUCT_SEARCH_MESSAGES
  'sort must be one of: relevant, newest, price-low-high, price-high-low, low-high, high-low':
    'sort इनमें से एक होना चाहिए: relevant, newest, price-low-high, price-high-low, low-high, high-low',
  'page must be a whole number from 1 to 1000': 'page 1 से 1000 तक की पूरी संख्या होनी चाहिए',
  'pageSize must be a whole number from 1 to 60': 'pageSize 1 से 60 तक की पूरी संख्या होनी चाहिए',
  'bestseller must be true or false': 'bestseller या तो true होना चाहिए या false',
  'A filter value must be text': 'फ़िल्टर की वैल्यू टेक्स्ट होनी चाहिए',
  'A filter can have at most 20 values': 'एक फ़िल्टर में ज़्यादा से ज़्यादा 20 वैल्यू चुनी जा सकती हैं',
  'At most 10 filters can be combined': 'ज़्यादा से ज़्यादा 10 फ़िल्टर एक साथ लगाए जा सकते हैं',
  // PLAN_PRICE_LABELS
  'Plus Benefit': 'Plus का फ़ायदा',
  'Plus 50% OFF': 'Plus पर 50% छूट',
  'Pro Benefit': 'Pro का फ़ायदा',
  'Limit Reached': 'सीमा पूरी हो गई',
  // FREE_RENTAL_TEXT
  'Free Rental': 'मुफ़्त किराया',
  // The web app's own: features/site/api.ts's, and features/notify-me/api.ts's
  // NOTIFY_ME_FALLBACKS (their Hindi as catalogues/hi/notify-me.json says it).
  'Failed to load contact details': 'संपर्क की जानकारी लोड नहीं हो सकी',
  'Could not load your requests': 'आपके अनुरोध लोड नहीं हो सके',
  'Could not save your request. Please try again.':
    'आपका अनुरोध सहेजा नहीं जा सका। कृपया फिर कोशिश करें।',
  'Could not cancel your request. Please try again.':
    'आपका अनुरोध रद्द नहीं हो सका। कृपया फिर कोशिश करें।',
  'Could not reach Pehnava. Please check your connection and try again.':
    'पहनावा से जुड़ नहीं सके। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर कोशिश करें।',
};

/**
 * EXTENSION_MESSAGES.refusedReason: each a message of its own, and the reason the API gives after
 * EXTENSION_MESSAGES.refused ('… Why: <reason>.', apps/api's extension.service.ts).
 */
export const EXTENSION_REFUSED_REASONS: Readonly<Record<string, string>> = {
  'a piece was booked by someone else for those days while you were paying, so your return date stays as it was':
    'आपके भुगतान के दौरान उन दिनों के लिए एक पीस किसी और ने बुक कर लिया, इसलिए आपकी वापसी की तारीख़ पहले जैसी ही रहेगी',
  'the booking changed before the payment arrived (it was extended, returned or cancelled), so your return date stays as it was':
    'भुगतान पहुँचने से पहले बुकिंग बदल गई (उसे बढ़ाया गया, लौटाया गया या रद्द किया गया), इसलिए आपकी वापसी की तारीख़ पहले जैसी ही रहेगी',
  'the rental had already reached its return date when the payment arrived':
    'भुगतान पहुँचने तक किराया अपनी वापसी की तारीख़ तक पहुँच चुका था',
  'this extension had already been paid': 'इसे बढ़ाने का भुगतान पहले ही हो चुका था',
};

/** Plan names as a Hindi sentence writes them: Plus and Pro as they are, the free plan फ़्री. */
const PLAN_NAMES: Readonly<Record<string, string>> = { free: 'फ़्री', plus: 'Plus', pro: 'Pro' };

/** A booking's status as a Hindi sentence says it: 'यह बुकिंग … है'. */
const BOOKING_STATUS_SAID: Readonly<Record<string, string>> = {
  pending: 'भुगतान के इंतज़ार में',
  confirmed: 'पक्की हो चुकी',
  processing: 'तैयार हो रही',
  shipped: 'भेजी जा चुकी',
  delivered: 'डिलीवर हो चुकी',
  cancelled: 'रद्द हो चुकी',
};

/** What the API's text fields are called (their `label`), as a Hindi message names them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  Name: 'नाम',
  Phone: 'फ़ोन नंबर',
  Address: 'पता',
  'Street address': 'गली का पता',
  Landmark: 'लैंडमार्क',
  City: 'शहर',
  'Back-up size': 'बैक-अप साइज़',
  'Coupon code': 'कूपन कोड',
  Note: 'नोट',
  Reason: 'कारण',
  Search: 'खोज',
  'Filter value': 'फ़िल्टर की वैल्यू',
  'Filter type': 'फ़िल्टर का प्रकार',
  'Product id': 'प्रोडक्ट ID',
  'Start date': 'शुरू होने की तारीख़',
  Size: 'साइज़',
  Plan: 'प्लान',
  'Card number': 'कार्ड नंबर',
  'Name on card': 'कार्ड पर लिखा नाम',
  Expiry: 'एक्सपायरी की तारीख़',
  CVV: 'CVV',
  'UPI ID': 'UPI ID',
  'Order id': 'ऑर्डर ID',
  'Payment order id': 'भुगतान ऑर्डर ID',
  'Payment id': 'भुगतान ID',
  'Payment signature': 'भुगतान सिग्नेचर',
};

/** A field message's Hindi, when its field has a Hindi name (a console field's has none). */
const withLabel =
  <Name extends string>(say: (label: string, found: Found<Name>) => string) =>
  (found: Found<Name | 'label'>): string | undefined => {
    const label = own(FIELD_LABELS, found.label);
    return label === undefined ? undefined : say(label, found);
  };

const HAND_TO_COURIER = 'कृपया इसे हमारे कूरियर को दे दें, वे इसे ले जाएँगे।';
const NOTHING_ELSE = 'बाक़ी सब पहले जैसा रहेगा।';

/*
 * The values' shapes: a text is any text (`[\s\S]+?`, the least that lets the rest match), an
 * amount '₹1,299' or '₹1,000.50' (formatRupees), a count digits; a date is written as the API
 * wrote it in English ('Sat, 12 Dec, 2026') and said in Hindi by hindiDate.
 */

/**
 * The messages made from values, by the shapes of their English: the one with the most fixed words
 * first, as a text value could take in a more particular message's words (a late fee for two
 * pieces is also a late fee for one, with '2 pieces, ₹500' as its rate), and a shape whose values
 * have no Hindi (a field only the console names) lets the next try.
 */
export const SHAPES: readonly Shape[] = [
  // FIT_MESSAGES.noneFreeRefunded
  shape(
    /^No piece in size (?<size>[\s\S]+?) is free for your dates, so we are refunding (?<amount>[\s\S]+?) for this item\. Please hand it to our courier, who will collect it\.$/,
    ({ size, amount }: Found<'size' | 'amount'>) =>
      `आपकी तारीख़ों के लिए ${size} साइज़ का कोई पीस उपलब्ध नहीं है, इसलिए हम इस आइटम के ${amount} लौटा रहे हैं। ${HAND_TO_COURIER}`,
  ),
  // FIT_MESSAGES.sameForNotAsDescribed
  shape(
    /^Another piece in size (?<size>[\s\S]+?) is set aside for you for the rest of your dates, at no cost\. We will send it and collect the other one\.$/,
    ({ size }: Found<'size'>) =>
      `आपकी बाक़ी तारीख़ों के लिए ${size} साइज़ का एक दूसरा पीस आपके लिए अलग रख दिया गया है, बिना किसी शुल्क के। हम इसे भेजेंगे और पहले वाला ले जाएँगे।`,
  ),
  // FIT_MESSAGES.exchangeReserved
  shape(
    /^Size (?<size>[\s\S]+?) is set aside for you for the rest of your dates, at no cost\. We will send it and collect the other piece\.$/,
    ({ size }: Found<'size'>) =>
      `आपकी बाक़ी तारीख़ों के लिए ${size} साइज़ आपके लिए अलग रख दिया गया है, बिना किसी शुल्क के। हम इसे भेजेंगे और दूसरा पीस ले जाएँगे।`,
  ),
  // CHARGE_MESSAGES.purchaseReason
  shape(
    /^(?<name>[\s\S]+?) was not returned within 14 days of its end date: treated as bought \(MRP less the rental and late fees paid\)$/,
    ({ name }: Found<'name'>) =>
      `${name} अपनी आख़िरी तारीख़ के 14 दिनों के भीतर वापस नहीं आया: इसे ख़रीदा हुआ माना गया (MRP में से चुकाया गया किराया और देरी का शुल्क घटाकर)`,
  ),
  // EXTENSION_MESSAGES.tooManyDays, 2 days or more (0 and 1 have words of their own: PLAIN).
  shape(
    /^Sorry, a piece of this booking is booked by someone else after that: you can keep it up to (?<most>\d+) more days$/,
    ({ most }: Found<'most'>) =>
      `माफ़ कीजिए, इस बुकिंग का एक पीस उसके बाद किसी और ने बुक किया है: आप इसे ज़्यादा से ज़्यादा ${most} दिन और रख सकते हैं`,
  ),
  // AT_RISK_MESSAGES.cancelled
  shape(
    /^Your booking is cancelled and (?<amount>[\s\S]+?) will be refunded in full to how you paid, in 7 to 10 business days\.$/,
    ({ amount }: Found<'amount'>) =>
      `आपकी बुकिंग रद्द कर दी गई है और ${amount} की पूरी रकम 7 से 10 कामकाजी दिनों में उसी तरीक़े से लौटा दी जाएगी जिससे आपने भुगतान किया था।`,
  ),
  // PINCODE_MESSAGES.tooSoon
  shape(
    /^(?<product>[\s\S]+?) cannot reach (?<pincode>[\s\S]+?) \((?<city>[\s\S]+?)\) by its start date: the earliest start there is (?<earliest>[\s\S]+?)\. Please choose a later date$/,
    ({ product, pincode, city, earliest }: Found<'product' | 'pincode' | 'city' | 'earliest'>) =>
      `${product} अपनी शुरुआती तारीख़ तक ${pincode} (${city}) नहीं पहुँच सकता: वहाँ सबसे जल्दी ${hindiDate(earliest)} से शुरुआत हो सकती है। कृपया बाद की कोई तारीख़ चुनें`,
  ),
  // BACKUP_MESSAGES.taken
  shape(
    /^Sorry, the back-up size (?<size>[\s\S]+?) of (?<product>[\s\S]+?) is booked for those dates\. Choose another back-up size or none\.$/,
    ({ product, size }: Found<'product' | 'size'>) =>
      `माफ़ कीजिए, ${product} का बैक-अप साइज़ ${size} इन तारीख़ों के लिए बुक है। कोई दूसरा बैक-अप साइज़ चुनें या कोई नहीं।`,
  ),
  // FIT_MESSAGES.refunded
  shape(
    /^We are refunding (?<amount>[\s\S]+?) for this item\. Please hand it to our courier, who will collect it\.$/,
    ({ amount }: Found<'amount'>) => `हम इस आइटम के ${amount} लौटा रहे हैं। ${HAND_TO_COURIER}`,
  ),
  // AT_RISK_MESSAGES.movedToPiece
  shape(
    /^Done: (?<name>[\s\S]+?) in size (?<size>[\s\S]+?) is set aside for your dates, at no extra cost\. Nothing else changes\.$/,
    ({ name, size }: Found<'name' | 'size'>) =>
      `हो गया: आपकी तारीख़ों के लिए ${name}, ${size} साइज़ में, अलग रख दिया गया है, बिना किसी अतिरिक्त शुल्क के। ${NOTHING_ELSE}`,
  ),
  // EXTENSION_MESSAGES.refused with its reason, as the API joins them.
  shape(
    /^This payment could not extend your rental and will be refunded in full\. Why: (?<why>[\s\S]+?)\.$/,
    ({ why }: Found<'why'>) => {
      const reason = own(EXTENSION_REFUSED_REASONS, why);
      return reason && `${REFUSED} वजह: ${reason}।`;
    },
  ),
  // COUPON_MESSAGES.belowMinimum
  shape(
    /^This coupon needs a subtotal of at least (?<minimum>-?₹[\d,]+(?:\.\d{2})?)\. Add items worth (?<shortBy>-?₹[\d,]+(?:\.\d{2})?) more to use it\.$/,
    ({ minimum, shortBy }: Found<'minimum' | 'shortBy'>) =>
      `इस कूपन के लिए सबटोटल कम से कम ${minimum} होना चाहिए। इसे इस्तेमाल करने के लिए ${shortBy} के और आइटम जोड़ें।`,
  ),
  // AT_RISK_MESSAGES.movedToSize
  shape(
    /^Done: a piece in size (?<size>[\s\S]+?) is set aside for your dates\. Nothing else changes\.$/,
    ({ size }: Found<'size'>) =>
      `हो गया: आपकी तारीख़ों के लिए ${size} साइज़ का एक पीस अलग रख दिया गया है। ${NOTHING_ELSE}`,
  ),
  // BACKUP_MESSAGES.wornReason
  shape(
    /^The back-up size (?<size>[\s\S]+?) of (?<product>[\s\S]+?) was worn \(its seal broken\): its (?<days>\d+)-day rental price$/,
    ({ product, size, days }: Found<'product' | 'size' | 'days'>) =>
      `${product} का बैक-अप साइज़ ${size} पहना गया (उसकी सील टूटी थी): उसका ${days} दिन का किराया`,
  ),
  // PINCODE_MESSAGES.notServed
  shape(
    /^We do not deliver to PIN code (?<pincode>[\s\S]+?) yet: please choose another address$/,
    ({ pincode }: Found<'pincode'>) =>
      `हम अभी PIN कोड ${pincode} पर डिलीवरी नहीं करते: कृपया कोई दूसरा पता चुनें`,
  ),
  // DELIVERY_MESSAGES.shortAfterCoupon (its first amount is FREE_DELIVERY_MIN_SUBTOTAL's).
  shape(
    /^Delivery is free on (?<minimum>-?₹[\d,]+(?:\.\d{2})?) or more after the coupon discount: (?<shortBy>-?₹[\d,]+(?:\.\d{2})?) to go\.$/,
    ({ minimum, shortBy }: Found<'minimum' | 'shortBy'>) =>
      `कूपन की छूट के बाद ${minimum} या उससे ज़्यादा पर डिलीवरी मुफ़्त है: बस ${shortBy} और।`,
  ),
  // AT_RISK_MESSAGES.sizeNotFree
  shape(
    /^No piece in size (?<size>[\s\S]+?) is free for your dates any more: choose again$/,
    ({ size }: Found<'size'>) =>
      `आपकी तारीख़ों के लिए ${size} साइज़ का कोई पीस अब उपलब्ध नहीं है: फिर से चुनें`,
  ),
  // PINCODE_MESSAGES.notFound
  shape(
    /^PIN code (?<pincode>[\s\S]+?) is not in India Post's directory: please check it$/,
    ({ pincode }: Found<'pincode'>) =>
      `PIN कोड ${pincode} इंडिया पोस्ट की सूची में नहीं है: कृपया इसे जाँच लें`,
  ),
  // AT_RISK_MESSAGES.tooLate
  shape(
    /^This booking is (?<status>[\s\S]+?): its pieces can no longer be changed here$/,
    ({ status }: Found<'status'>) => {
      const said = own(BOOKING_STATUS_SAID, status);
      return said && `यह बुकिंग ${said} है: इसके पीस अब यहाँ नहीं बदले जा सकते`;
    },
  ),
  // BACKUP_MESSAGES.notOffered
  shape(
    /^(?<product>[\s\S]+?) comes in one size only, so it has no back-up size$/,
    ({ product }: Found<'product'>) =>
      `${product} सिर्फ़ एक साइज़ में आता है, इसलिए इसका कोई बैक-अप साइज़ नहीं है`,
  ),
  // PRODUCT_SEARCH_MESSAGES.unknownFilter, with no filters to name.
  shape(
    /^Unknown filter: (?<name>[\s\S]+?)\. The catalogue has no filters yet$/,
    ({ name }: Found<'name'>) => `अनजान फ़िल्टर: ${name}। कैटलॉग में अभी कोई फ़िल्टर नहीं है`,
  ),
  // NOTIFY_ME_MESSAGES.tooSoon
  shape(
    /^The earliest start date we can deliver for is (?<earliest>[\s\S]+?)$/,
    ({ earliest }: Found<'earliest'>) =>
      `हम सबसे जल्दी ${hindiDate(earliest)} से शुरू होने वाली बुकिंग के लिए डिलीवर कर सकते हैं`,
  ),
  // BOOKING_MESSAGES.itemTaken
  shape(
    /^(?<name>[\s\S]+?) \((?<size>[\s\S]+?)\) is no longer available for those dates$/,
    ({ name, size }: Found<'name' | 'size'>) => `${name} (${size}) अब इन तारीख़ों के लिए उपलब्ध नहीं है`,
  ),
  // BOOKING_MESSAGES.quantity
  shape(
    /^Quantity must be a whole number from 1 to (?<max>\d+)$/,
    ({ max }: Found<'max'>) => `मात्रा 1 से ${max} तक की पूरी संख्या होनी चाहिए`,
  ),
  // FIELD_MESSAGES.notAllowed
  shape(
    /^(?<label>[\s\S]+?) contains characters that are not allowed$/,
    withLabel((label) => `${label}: इसमें ऐसे अक्षर हैं जो लिए नहीं जाते`),
  ),
  // EXTENSION_MESSAGES.extended
  shape(
    /^Extended\. Your new return date is (?<endDate>[\s\S]+?)\.$/,
    ({ endDate }: Found<'endDate'>) =>
      `बढ़ा दिया गया। आपकी वापसी की नई तारीख़ ${hindiDate(endDate)} है।`,
  ),
  // PRODUCT_SEARCH_MESSAGES.unknownFilter, naming the filters there are.
  shape(
    /^Unknown filter: (?<name>[\s\S]+?)\. The filters are: (?<known>[\s\S]+?)$/,
    ({ name, known }: Found<'name' | 'known'>) => `अनजान फ़िल्टर: ${name}। फ़िल्टर ये हैं: ${known}`,
  ),
  // FIT_MESSAGES.sizeUnknown and AT_RISK_MESSAGES.sizeUnknown (the same words).
  shape(
    /^This piece does not come in size (?<size>[\s\S]+?)$/,
    ({ size }: Found<'size'>) => `यह पीस ${size} साइज़ में नहीं आता`,
  ),
  // BACKUP_MESSAGES.sizeUnknown
  shape(
    /^Back-up size must be one of (?<sizes>[\s\S]+?) for (?<product>[\s\S]+?)$/,
    ({ product, sizes }: Found<'product' | 'sizes'>) =>
      `${product} के लिए बैक-अप साइज़ ${sizes} में से एक होना चाहिए`,
  ),
  // CHARGE_MESSAGES.damageReason, needs-repair.
  shape(
    /^(?<name>[\s\S]+?) came back needing a small repair$/,
    ({ name }: Found<'name'>) => `${name} ऐसी हालत में वापस आया कि उसकी थोड़ी मरम्मत करनी पड़ेगी`,
  ),
  // FIELD_MESSAGES.tooLong
  shape(
    /^(?<label>[\s\S]+?) must be at most (?<max>\d+) characters long$/,
    withLabel((label, { max }: Found<'max'>) => `${label}: ज़्यादा से ज़्यादा ${max} अक्षर लिखे जा सकते हैं`),
  ),
  // BOOKING_MESSAGES.tooManyItems
  shape(
    /^An order can hold at most (?<max>\d+) items$/,
    ({ max }: Found<'max'>) => `एक ऑर्डर में ज़्यादा से ज़्यादा ${max} आइटम हो सकते हैं`,
  ),
  // CHARGE_MESSAGES.lateFeeReason, more than one piece.
  shape(
    /^Late return: (?<day>[\s\S]+?) \((?<pieces>\d+) pieces, (?<perDay>[\s\S]+?) a day\)$/,
    ({ day, pieces, perDay }: Found<'day' | 'pieces' | 'perDay'>) =>
      `देर से वापसी: ${hindiDate(day)} (${pieces} पीस, ${perDay} प्रति दिन)`,
  ),
  // DELIVERY_MESSAGES.addForFreeDelivery
  shape(
    /^Add (?<shortBy>-?₹[\d,]+(?:\.\d{2})?) more for free delivery\.$/,
    ({ shortBy }: Found<'shortBy'>) => `मुफ़्त डिलीवरी के लिए ${shortBy} के और आइटम जोड़ें।`,
  ),
  // CHARGE_MESSAGES.damageReason, major-damage.
  shape(
    /^(?<name>[\s\S]+?) came back with major damage$/,
    ({ name }: Found<'name'>) => `${name} भारी नुक़सान के साथ वापस आया`,
  ),
  // CHARGE_MESSAGES.lateFeeReason, one piece.
  shape(
    /^Late return: (?<day>[\s\S]+?) \((?<perDay>[\s\S]+?) a day\)$/,
    ({ day, perDay }: Found<'day' | 'perDay'>) =>
      `देर से वापसी: ${hindiDate(day)} (${perDay} प्रति दिन)`,
  ),
  // PINCODE_MESSAGES.deliveredBy (the date without its year).
  shape(
    /^Delivered by (?<date>[\s\S]+?) to (?<pincode>[\s\S]+?) \((?<city>[\s\S]+?)\)$/,
    ({ date, pincode, city }: Found<'date' | 'pincode' | 'city'>) =>
      `${hindiDate(date)} तक ${pincode} (${city}) पर डिलीवरी`,
  ),
  // SUBSCRIPTION_MESSAGES.orderCreated (the plan's name in capitals).
  shape(
    /^(?<planName>[\s\S]+?) plan order created!$/,
    ({ planName }: Found<'planName'>) =>
      `${own(PLAN_NAMES, planName.toLowerCase()) ?? planName} प्लान का ऑर्डर बन गया!`,
  ),
  // COUPON_MESSAGES.applied
  shape(
    /^Coupon applied: -(?<discount>-?₹[\d,]+(?:\.\d{2})?)$/,
    ({ discount }: Found<'discount'>) => `कूपन लग गया: -${discount}`,
  ),
  // CHARGE_MESSAGES.damageReason, lost.
  shape(
    /^(?<name>[\s\S]+?) was not returned$/,
    ({ name }: Found<'name'>) => `${name} वापस नहीं आया`,
  ),
  // BOOKING_MESSAGES.paymentFailed: the description is the payment service's, shown as it came.
  shape(
    /^Payment failed: (?<description>[\s\S]+?)$/,
    ({ description }: Found<'description'>) => `भुगतान नहीं हो सका: ${description}`,
  ),
  // FIELD_MESSAGES.notText
  shape(
    /^(?<label>[\s\S]+?) must be text$/,
    withLabel((label) => `${label}: सिर्फ़ टेक्स्ट लिखा जा सकता है`),
  ),
  // FIELD_MESSAGES.required
  shape(
    /^(?<label>[\s\S]+?) is required$/,
    withLabel((label) => `${label} ज़रूरी है`),
  ),
];
