import type { Messages } from './en';

export const hi: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'अनुरोध पढ़ा नहीं जा सका।',
  'envelope.badSign': 'अनुरोध का हस्ताक्षर अमान्य है।',
  'envelope.clock': 'अनुरोध का समय सर्वर के समय से बहुत अलग है। अपने डिवाइस की तारीख और समय जाँचें।',
  'envelope.replay': 'यह अनुरोध पहले ही मिल चुका है।',
  'envelope.undecryptable': 'अनुरोध का डेटा डिक्रिप्ट नहीं किया जा सका।',
  'envelope.debugDisabled': 'यह सर्वर बिना एन्क्रिप्शन वाले अनुरोध स्वीकार नहीं करता।',
  'request.tooLarge': 'अनुरोध बहुत बड़ा है।',

  'validation.invalid': '"{field}" का मान अमान्य है।',
  'validation.surrogate': '"{field}" में एक टूटा हुआ अक्षर है (अयुग्मित सरोगेट)। उसे हटाकर फिर से कोशिश करें।',
  'validation.required': 'कृपया "{field}" भरें।',
  'validation.email': 'मान्य ईमेल पता दर्ज करें।',
  'validation.min': '"{field}" में कम से कम {min} अक्षर होने चाहिए।',
  'validation.max': '"{field}" में अधिकतम {max} अक्षर हो सकते हैं।',
  'validation.numberMin': '"{field}" का मान कम से कम {min} होना चाहिए।',
  'validation.numberMax': '"{field}" का मान {max} से अधिक नहीं होना चाहिए।',
  'validation.username': 'यूज़रनेम में केवल अक्षर, अंक, डॉट, डैश और अंडरस्कोर हो सकते हैं।',
  'validation.emailCode': 'ईमेल में मिला 6 अंकों का कोड दर्ज करें।',
  'validation.tokenInvalid': 'यह लिंक अमान्य है। नए लिंक का अनुरोध करें।',
  'validation.empty': 'बदलने के लिए कुछ भी नहीं है।',

  'auth.required': 'कृपया पहले लॉग इन करें।',
  'auth.tokenExpired': 'आपका सेशन समाप्त हो गया है। कृपया फिर से लॉग इन करें।',
  'auth.forbidden': 'आपको यह करने की अनुमति नहीं है।',

  'account.usernameTaken': 'यह यूज़रनेम पहले से लिया जा चुका है।',
  'account.emailTaken': 'यह ईमेल पता पहले से रजिस्टर्ड है।',
  'account.loginFailed': 'अकाउंट या पासवर्ड गलत है।',
  'account.passwordWrong': 'मौजूदा पासवर्ड गलत है।',
  'account.passwordSame': 'नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए।',
  'account.resetInvalid': 'यह रीसेट लिंक अमान्य है या इसकी समय-सीमा समाप्त हो गई है। नए लिंक का अनुरोध करें।',
  'account.emailCodeInvalid': 'कोड गलत है या इसकी समय-सीमा समाप्त हो गई है। नए कोड का अनुरोध करें।',
  'account.emailVerified': 'आपका ईमेल पता पहले ही सत्यापित हो चुका है।',

  'rate.limited': 'बहुत ज़्यादा प्रयास किए गए। कृपया {seconds} सेकंड बाद फिर से कोशिश करें।',

  'image.missing': 'अपलोड करने के लिए कोई इमेज चुनें।',
  'image.tooLarge': 'इमेज {mb} MB से बड़ी है।',
  'image.invalid': 'यह फ़ाइल समर्थित इमेज नहीं है (JPEG, PNG, WebP, GIF, AVIF या HEIC)।',
  'image.tooManyPixels': 'इमेज बहुत बड़ी है: अधिकतम {megapixels} मेगापिक्सेल की अनुमति है।',

  'listing.notFound': 'यह लिस्टिंग मौजूद नहीं है या अब उपलब्ध नहीं है।',
  'listing.cursorInvalid': 'सूची की यह स्थिति अब मान्य नहीं है। सूची फिर से लोड करें।',
  'listing.regionUnknown': 'यह क्षेत्र मौजूद नहीं है।',
  'listing.cityUnknown': 'यह शहर मौजूद नहीं है।',
  'listing.dictUnknown': '"{field}" के लिए कोई मान्य मान चुनें।',
  'listing.cannotPostMerchant': 'कोई स्थान प्रकाशित करने के लिए पहचान सत्यापन (KYC) और सक्रिय सशुल्क सदस्यता ज़रूरी है।',
  'listing.cannotPostPartner': 'प्रोफ़ाइल प्रकाशित करने के लिए पहचान सत्यापन (KYC) ज़रूरी है; दूसरी प्रोफ़ाइल के लिए सक्रिय सशुल्क सदस्यता भी ज़रूरी है।',
  'listing.coverRequired': 'एक कवर इमेज जोड़ें।',
  'listing.photoRequired': 'कम से कम एक फ़ोटो जोड़ें।',
  'listing.tooManyPhotos': 'एक लिस्टिंग में अधिकतम {max} फ़ोटो हो सकती हैं।',
  'listing.photoUnknown': 'रखने के लिए चुनी गई फ़ोटो में से एक इस लिस्टिंग की नहीं है।',
  'listing.merchantUnavailable': 'आपका चुना हुआ स्थान मौजूद नहीं है या प्रकाशित नहीं है।',
  'listing.unlockPriceRange': 'चैट अनलॉक करने की कीमत {min} से {max} पॉइंट के बीच होनी चाहिए।',

  'server.notFound': 'अनुरोधित सामग्री नहीं मिली।',
  'server.error': 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'search.cityUnknown': 'यह शहर मौजूद नहीं है। सूची से कोई शहर चुनें।',

  'social.userNotFound': 'यह उपयोगकर्ता मौजूद नहीं है।',
  'social.messageNotFound': 'यह संदेश मौजूद नहीं है।',
  'visitReport.ownVenue': 'आप अपने ही स्थान के बारे में विज़िट रिपोर्ट नहीं लिख सकते।',
  'feedback.typeUnknown': 'सूची से फ़ीडबैक का प्रकार चुनें।',
  'report.reasonUnknown': 'सूची से कोई कारण चुनें।',
  'report.self': 'आप खुद की या अपनी लिस्टिंग की रिपोर्ट नहीं कर सकते।',

  'vip.monthly': '{date} तक मासिक सदस्यता',
  'vip.annual': '{date} तक वार्षिक सदस्यता',

  'mail.greeting': 'नमस्ते {name},',
  'mail.signature': '{app} टीम',
  'mail.reset.subject': 'अपना {app} पासवर्ड रीसेट करें',
  'mail.reset.body':
    'हमें आपके अकाउंट का पासवर्ड रीसेट करने का अनुरोध मिला है। नया पासवर्ड चुनने के लिए 30 मिनट के भीतर यह लिंक खोलें:',
  'mail.reset.ignore': 'अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा करें। आपका पासवर्ड नहीं बदलेगा।',
  'mail.code.subject': 'आपका {app} सत्यापन कोड: {code}',
  'mail.code.body': 'आपका ईमेल सत्यापन कोड {code} है। यह 10 मिनट तक मान्य है और इसे केवल एक बार इस्तेमाल किया जा सकता है।',
  'mail.code.ignore': 'अगर आपने यह कोड नहीं माँगा है, तो इस ईमेल को अनदेखा करें।',
};
