/**
 * Server-side texts in English: API error messages shown under forms and in dialogs, the membership label and
 * the e-mails. Every other locale file has exactly these keys and the same {placeholders}.
 */
export const en = {
  'app.name': 'Venuely',

  'envelope.malformed': 'The request could not be read.',
  'envelope.badSign': 'The request signature is invalid.',
  'envelope.clock': 'The request time is too far from the server time. Check the date and time on your device.',
  'envelope.replay': 'This request was already received.',
  'envelope.undecryptable': 'The request data could not be decrypted.',
  'envelope.debugDisabled': 'This server does not accept unencrypted requests.',
  'request.tooLarge': 'The request is too large.',

  'validation.invalid': 'Invalid value for "{field}".',
  'validation.surrogate': '"{field}" contains a broken character (an unpaired surrogate). Remove it and try again.',
  'validation.required': 'Please fill in "{field}".',
  'validation.email': 'Enter a valid e-mail address.',
  'validation.min': '"{field}" must have at least {min} characters.',
  'validation.max': '"{field}" must have at most {max} characters.',
  'validation.numberMin': '"{field}" must be at least {min}.',
  'validation.numberMax': '"{field}" must be at most {max}.',
  'validation.username': 'A user name may contain only letters, digits, dots, dashes and underscores.',
  'validation.emailCode': 'Enter the 6-digit code from the e-mail.',
  'validation.tokenInvalid': 'This link is invalid. Request a new one.',
  'validation.empty': 'There is nothing to change.',

  'auth.required': 'Please log in first.',
  'auth.tokenExpired': 'Your session has expired. Please log in again.',
  'auth.forbidden': 'You do not have permission to do this.',

  'account.usernameTaken': 'This user name is already taken.',
  'account.emailTaken': 'This e-mail address is already registered.',
  'account.loginFailed': 'Wrong account or password.',
  'account.passwordWrong': 'The current password is incorrect.',
  'account.passwordSame': 'The new password must be different from the current one.',
  'account.resetInvalid': 'This reset link is invalid or has expired. Request a new one.',
  'account.emailCodeInvalid': 'The code is wrong or has expired. Request a new one.',
  'account.emailVerified': 'Your e-mail address is already verified.',

  'rate.limited': 'Too many attempts. Please try again in {seconds} seconds.',

  'image.missing': 'Choose an image to upload.',
  'image.tooLarge': 'The image is larger than {mb} MB.',
  'image.invalid': 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
  'image.tooManyPixels': 'The image is too large: at most {megapixels} megapixels.',

  'listing.notFound': 'This listing does not exist or is no longer available.',
  'listing.cursorInvalid': 'This list position is no longer valid. Reload the list.',
  'listing.regionUnknown': 'This region does not exist.',
  'listing.cityUnknown': 'This city does not exist.',
  'listing.dictUnknown': 'Choose a valid value for "{field}".',
  'listing.cannotPostMerchant': 'Publishing a venue requires identity verification (KYC) and an active paid membership.',
  'listing.cannotPostPartner': 'Publishing a profile requires identity verification (KYC); a second profile also requires an active paid membership.',
  'listing.coverRequired': 'Add a cover image.',
  'listing.photoRequired': 'Add at least one photo.',
  'listing.tooManyPhotos': 'A listing can have at most {max} photos.',
  'listing.photoUnknown': 'One of the photos to keep does not belong to this listing.',
  'listing.merchantUnavailable': 'The venue you chose does not exist or is not published.',
  'listing.unlockPriceRange': 'The chat unlock price must be between {min} and {max} points.',

  'server.notFound': 'Not found.',
  'server.error': 'Something went wrong on our side. Please try again.',
  'search.cityUnknown': 'This city does not exist. Choose a city from the list.',

  'social.userNotFound': 'This user does not exist.',
  'social.messageNotFound': 'This message does not exist.',
  'visitReport.ownVenue': 'You cannot write a visit report about your own venue.',
  'feedback.typeUnknown': 'Choose a feedback type from the list.',
  'report.reasonUnknown': 'Choose a reason from the list.',
  'report.self': 'You cannot report yourself or your own listings.',

  'vip.monthly': 'Monthly membership until {date}',
  'vip.annual': 'Annual membership until {date}',

  'mail.greeting': 'Hello {name},',
  'mail.signature': 'The {app} team',
  'mail.reset.subject': 'Reset your {app} password',
  'mail.reset.body':
    'We received a request to reset the password of your account. Open this link within 30 minutes to choose a new password:',
  'mail.reset.ignore': 'If you did not ask for this, ignore this e-mail. Your password stays unchanged.',
  'mail.code.subject': 'Your {app} verification code: {code}',
  'mail.code.body': 'Your e-mail verification code is {code}. It is valid for 10 minutes and can be used once.',
  'mail.code.ignore': 'If you did not ask for this code, ignore this e-mail.',

  'chat.systemReadOnly': "Venuely's notices cannot be answered here.",
  'chat.youBlocked': "You have blocked this user. Unblock them to send messages.",
  'chat.blocked': "This user does not accept messages from you.",
  'chat.locked': "Unlock this profile to chat with it.",
  'chat.peerNotFound': "This conversation does not exist.",
  'chat.unlockInvalid': "This unlock message is not valid here.",
  'chat.photoInvalid': "The photo was not found. Send it again.",
  'chat.frameInvalid': "The message could not be read.",
  'chat.rateLimited': "You are sending messages too fast. Wait a moment and try again.",
  'chat.unlockOwn': "This is your own profile.",
  'chat.welcome': "Welcome to Venuely! Here you will find notices about your account. Happy exploring.",

  'wallet.kycRequired': "Verify your identity before you withdraw points.",
  'wallet.withdrawMin': "You can withdraw {min} points or more.",
  'wallet.insufficient': "You have {points} withdrawable points.",
  'wallet.insufficientPoints': "This costs {price} points and you have {balance}. Buy coins to continue.",
  'wallet.idempotencyConflict': "This request was already used for something else. Please try again.",

  'payment.itemUnknown': "This item is not for sale.",
  'payment.amountMismatch': "The price has changed. Reload the page and try again.",
  'payment.typeUnavailable': "This payment method is not available.",
  'payment.amountRange': "This method accepts amounts from {min} to {max}.",
  'payment.orderNotFound': "This order does not exist.",
  'payment.orderConflict': "This request was already used for another order. Please try again.",

  'payment.cardInvalid': "This card cannot be found. Choose another card.",
  'payment.cardBanned': "This card cannot be used. Choose another card.",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
