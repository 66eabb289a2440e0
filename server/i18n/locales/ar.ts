import type { Messages } from './en';

export const ar: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'تعذّرت قراءة الطلب.',
  'envelope.badSign': 'توقيع الطلب غير صالح.',
  'envelope.clock': 'يختلف وقت الطلب كثيرًا عن وقت الخادم. تحقّق من التاريخ والوقت على جهازك.',
  'envelope.replay': 'تم استلام هذا الطلب من قبل.',
  'envelope.undecryptable': 'تعذّر فك تشفير بيانات الطلب.',
  'envelope.debugDisabled': 'لا يقبل هذا الخادم الطلبات غير المشفّرة.',
  'request.tooLarge': 'الطلب كبير جدًا.',

  'validation.invalid': 'قيمة غير صالحة في «{field}».',
  'validation.surrogate': 'يحتوي «{field}» على حرف تالف (نصف زوج بديل). احذفه ثم حاول مرة أخرى.',
  'validation.required': 'يُرجى تعبئة «{field}».',
  'validation.email': 'أدخل عنوان بريد إلكتروني صالحًا.',
  'validation.min': 'يجب ألّا يقل عدد أحرف «{field}» عن {min}.',
  'validation.max': 'يجب ألّا يزيد عدد أحرف «{field}» على {max}.',
  'validation.numberMin': 'يجب ألّا تقل قيمة «{field}» عن {min}.',
  'validation.numberMax': 'يجب ألّا تزيد قيمة «{field}» على {max}.',
  'validation.username': 'يمكن أن يحتوي اسم المستخدم على أحرف وأرقام ونقاط وشرطات وشرطات سفلية فقط.',
  'validation.emailCode': 'أدخل الرمز المكوّن من 6 أرقام الوارد في رسالة البريد الإلكتروني.',
  'validation.tokenInvalid': 'هذا الرابط غير صالح. اطلب رابطًا جديدًا.',
  'validation.empty': 'لا توجد تغييرات لتطبيقها.',

  'auth.required': 'يُرجى تسجيل الدخول أولًا.',
  'auth.tokenExpired': 'انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  'auth.forbidden': 'ليس لديك إذن للقيام بذلك.',

  'account.usernameTaken': 'اسم المستخدم هذا محجوز بالفعل.',
  'account.emailTaken': 'عنوان البريد الإلكتروني هذا مسجَّل بالفعل.',
  'account.loginFailed': 'الحساب أو كلمة المرور غير صحيحة.',
  'account.passwordWrong': 'كلمة المرور الحالية غير صحيحة.',
  'account.passwordSame': 'يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية.',
  'account.resetInvalid': 'رابط إعادة التعيين هذا غير صالح أو انتهت صلاحيته. اطلب رابطًا جديدًا.',
  'account.emailCodeInvalid': 'الرمز غير صحيح أو انتهت صلاحيته. اطلب رمزًا جديدًا.',
  'account.emailVerified': 'تم التحقق من عنوان بريدك الإلكتروني بالفعل.',

  'rate.limited': 'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد {seconds} ثانية.',

  'image.missing': 'اختر صورة لرفعها.',
  'image.tooLarge': 'حجم الصورة أكبر من {mb} ميغابايت.',
  'image.invalid': 'هذا الملف ليس صورة مدعومة (JPEG أو PNG أو WebP أو GIF أو AVIF أو HEIC).',
  'image.tooManyPixels': 'أبعاد الصورة كبيرة جدًا: الحد الأقصى {megapixels} ميغابكسل.',

  'listing.notFound': 'هذا الإعلان غير موجود أو لم يعد متاحًا.',
  'listing.cursorInvalid': 'موضع القائمة هذا لم يعد صالحًا. أعد تحميل القائمة.',
  'listing.regionUnknown': 'هذه المنطقة غير موجودة.',
  'listing.cityUnknown': 'هذه المدينة غير موجودة.',
  'listing.dictUnknown': 'اختر قيمة صالحة للحقل "{field}".',
  'listing.cannotPostMerchant': 'يتطلب نشر مكان التحقق من الهوية (KYC) وعضوية مدفوعة سارية.',
  'listing.cannotPostPartner': 'يتطلب نشر ملف شخصي التحقق من الهوية (KYC)، ويتطلب الملف الشخصي الثاني أيضًا عضوية مدفوعة سارية.',
  'listing.coverRequired': 'أضف صورة غلاف.',
  'listing.photoRequired': 'أضف صورة واحدة على الأقل.',
  'listing.tooManyPhotos': 'يمكن أن يحتوي الإعلان على {max} صورة كحد أقصى.',
  'listing.photoUnknown': 'إحدى الصور المطلوب الاحتفاظ بها لا تنتمي إلى هذا الإعلان.',
  'listing.merchantUnavailable': 'المكان الذي اخترته غير موجود أو غير منشور.',
  'listing.unlockPriceRange': 'سعر فتح المحادثة يجب أن يكون بين {min} و{max} نقطة.',

  'server.notFound': 'لم يتم العثور على المطلوب.',
  'server.error': 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى.',
  'search.cityUnknown': 'هذه المدينة غير موجودة. اختر مدينة من القائمة.',

  'social.userNotFound': 'هذا المستخدم غير موجود.',
  'social.messageNotFound': 'هذه الرسالة غير موجودة.',
  'visitReport.ownVenue': 'لا يمكنك كتابة تقرير زيارة عن مكانك الخاص.',
  'feedback.typeUnknown': 'اختر نوع الملاحظات من القائمة.',
  'report.reasonUnknown': 'اختر سببًا من القائمة.',
  'report.self': 'لا يمكنك الإبلاغ عن نفسك أو عن إعلاناتك.',

  'vip.monthly': 'عضوية شهرية حتى {date}',
  'vip.annual': 'عضوية سنوية حتى {date}',

  'mail.greeting': 'مرحبًا {name}،',
  'mail.signature': 'فريق {app}',
  'mail.reset.subject': 'إعادة تعيين كلمة المرور في {app}',
  'mail.reset.body':
    'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك. افتح هذا الرابط خلال 30 دقيقة لاختيار كلمة مرور جديدة:',
  'mail.reset.ignore': 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة. ستبقى كلمة مرورك دون تغيير.',
  'mail.code.subject': 'رمز التحقق الخاص بك في {app}: {code}',
  'mail.code.body': 'رمز التحقق من بريدك الإلكتروني هو {code}. وهو صالح لمدة 10 دقائق ويمكن استخدامه مرة واحدة فقط.',
  'mail.code.ignore': 'إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة.',
};
