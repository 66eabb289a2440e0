import type { Messages } from './en';

export const de: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'Die Anfrage konnte nicht gelesen werden.',
  'envelope.badSign': 'Die Signatur der Anfrage ist ungültig.',
  'envelope.clock':
    'Die Zeitangabe der Anfrage weicht zu stark von der Serverzeit ab. Bitte überprüfen Sie Datum und Uhrzeit auf Ihrem Gerät.',
  'envelope.replay': 'Diese Anfrage wurde bereits empfangen.',
  'envelope.undecryptable': 'Die Daten der Anfrage konnten nicht entschlüsselt werden.',
  'envelope.debugDisabled': 'Dieser Server akzeptiert keine unverschlüsselten Anfragen.',
  'request.tooLarge': 'Die Anfrage ist zu groß.',

  'validation.invalid': 'Ungültiger Wert für „{field}“.',
  'validation.surrogate': '„{field}“ enthält ein beschädigtes Zeichen (ein einzelnes Surrogat). Bitte entfernen Sie es und versuchen Sie es erneut.',
  'validation.required': 'Bitte füllen Sie „{field}“ aus.',
  'validation.email': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'validation.min': '„{field}“ muss mindestens {min} Zeichen lang sein.',
  'validation.max': '„{field}“ darf höchstens {max} Zeichen lang sein.',
  'validation.numberMin': '„{field}“ muss mindestens {min} betragen.',
  'validation.numberMax': '„{field}“ darf höchstens {max} betragen.',
  'validation.username':
    'Ein Benutzername darf nur Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche enthalten.',
  'validation.emailCode': 'Bitte geben Sie den 6-stelligen Code aus der E-Mail ein.',
  'validation.tokenInvalid': 'Dieser Link ist ungültig. Bitte fordern Sie einen neuen an.',
  'validation.empty': 'Es gibt nichts zu ändern.',

  'auth.required': 'Bitte melden Sie sich zuerst an.',
  'auth.tokenExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'auth.forbidden': 'Sie sind dazu nicht berechtigt.',

  'account.usernameTaken': 'Dieser Benutzername ist bereits vergeben.',
  'account.emailTaken': 'Diese E-Mail-Adresse ist bereits registriert.',
  'account.loginFailed': 'Konto oder Passwort ist falsch.',
  'account.passwordWrong': 'Das aktuelle Passwort ist falsch.',
  'account.passwordSame': 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  'account.resetInvalid':
    'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  'account.emailCodeInvalid': 'Der Code ist falsch oder abgelaufen. Bitte fordern Sie einen neuen an.',
  'account.emailVerified': 'Ihre E-Mail-Adresse ist bereits bestätigt.',

  'rate.limited': 'Zu viele Versuche. Bitte versuchen Sie es in {seconds} Sekunden erneut.',

  'image.missing': 'Bitte wählen Sie ein Bild zum Hochladen aus.',
  'image.tooLarge': 'Das Bild ist größer als {mb} MB.',
  'image.invalid': 'Diese Datei ist kein unterstütztes Bild (JPEG, PNG, WebP, GIF, AVIF oder HEIC).',
  'image.tooManyPixels': 'Das Bild ist zu groß: Erlaubt sind höchstens {megapixels} Megapixel.',

  'listing.notFound': 'Dieser Eintrag existiert nicht oder ist nicht mehr verfügbar.',
  'listing.cursorInvalid': 'Diese Listenposition ist nicht mehr gültig. Bitte laden Sie die Liste neu.',
  'listing.regionUnknown': 'Diese Region gibt es nicht.',
  'listing.cityUnknown': 'Diese Stadt gibt es nicht.',
  'listing.dictUnknown': 'Bitte wählen Sie einen gültigen Wert für „{field}“.',
  'listing.cannotPostMerchant': 'Um einen Ort zu veröffentlichen, benötigen Sie eine Identitätsprüfung (KYC) und eine aktive bezahlte Mitgliedschaft.',
  'listing.cannotPostPartner': 'Um ein Profil zu veröffentlichen, benötigen Sie eine Identitätsprüfung (KYC); für ein zweites Profil außerdem eine aktive bezahlte Mitgliedschaft.',
  'listing.coverRequired': 'Bitte fügen Sie ein Titelbild hinzu.',
  'listing.photoRequired': 'Bitte fügen Sie mindestens ein Foto hinzu.',
  'listing.tooManyPhotos': 'Ein Eintrag kann höchstens {max} Fotos haben.',
  'listing.photoUnknown': 'Eines der zu behaltenden Fotos gehört nicht zu diesem Eintrag.',
  'listing.merchantUnavailable': 'Der gewählte Ort existiert nicht oder ist nicht veröffentlicht.',
  'listing.unlockPriceRange': 'Der Preis zum Freischalten des Chats muss zwischen {min} und {max} Punkten liegen.',

  'server.notFound': 'Nicht gefunden.',
  'server.error': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'search.cityUnknown': 'Diese Stadt gibt es nicht. Wählen Sie eine Stadt aus der Liste.',

  'social.userNotFound': 'Dieses Mitglied existiert nicht.',
  'social.messageNotFound': 'Diese Nachricht existiert nicht.',
  'visitReport.ownVenue': 'Über Ihren eigenen Ort können Sie keinen Besuchsbericht schreiben.',
  'feedback.typeUnknown': 'Bitte wählen Sie eine Art von Feedback aus der Liste.',
  'report.reasonUnknown': 'Bitte wählen Sie einen Grund aus der Liste.',
  'report.self': 'Sie können weder sich selbst noch Ihre eigenen Einträge melden.',

  'vip.monthly': 'Monatliche Mitgliedschaft bis {date}',
  'vip.annual': 'Jährliche Mitgliedschaft bis {date}',

  'mail.greeting': 'Hallo {name},',
  'mail.signature': 'Ihr {app}-Team',
  'mail.reset.subject': 'Ihr {app}-Passwort zurücksetzen',
  'mail.reset.body':
    'Wir haben eine Anfrage zum Zurücksetzen des Passworts für Ihr Konto erhalten. Öffnen Sie innerhalb von 30 Minuten diesen Link, um ein neues Passwort festzulegen:',
  'mail.reset.ignore':
    'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail einfach. Ihr Passwort bleibt unverändert.',
  'mail.code.subject': 'Ihr {app}-Bestätigungscode: {code}',
  'mail.code.body':
    'Ihr Code zur Bestätigung Ihrer E-Mail-Adresse lautet {code}. Er ist 10 Minuten lang gültig und kann nur einmal verwendet werden.',
  'mail.code.ignore': 'Falls Sie diesen Code nicht angefordert haben, ignorieren Sie diese E-Mail einfach.',

  'chat.systemReadOnly': "Auf Hinweise von Venuely kann hier nicht geantwortet werden.",
  'chat.youBlocked': "Du hast diese Person blockiert. Hebe die Blockierung auf, um Nachrichten zu senden.",
  'chat.blocked': "Diese Person nimmt keine Nachrichten von dir an.",
  'chat.locked': "Schalte dieses Profil frei, um mit ihm zu chatten.",
  'chat.peerNotFound': "Diese Unterhaltung gibt es nicht.",
  'chat.unlockInvalid': "Diese Freischalt-Nachricht ist hier nicht gültig.",
  'chat.photoInvalid': "Das Foto wurde nicht gefunden. Sende es erneut.",
  'chat.frameInvalid': "Die Nachricht konnte nicht gelesen werden.",
  'chat.rateLimited': "Du sendest zu schnell Nachrichten. Warte kurz und versuche es erneut.",
  'chat.unlockOwn': "Das ist dein eigenes Profil.",
  'chat.welcome': "Willkommen bei Venuely! Hier findest du Hinweise zu deinem Konto. Viel Spaß beim Entdecken.",

  'wallet.kycRequired': "Bestätigen Sie Ihre Identität, bevor Sie Punkte auszahlen lassen.",
  'wallet.withdrawMin': "Sie können ab {min} Punkten auszahlen lassen.",
  'wallet.insufficient': "Sie haben {points} auszahlbare Punkte.",
  'wallet.insufficientPoints': "Das kostet {price} Punkte, Sie haben {balance}. Kaufen Sie Coins, um fortzufahren.",
  'wallet.idempotencyConflict': "Diese Anfrage wurde bereits für etwas anderes verwendet. Bitte versuchen Sie es erneut.",

  'payment.itemUnknown': "Dieser Artikel ist nicht erhältlich.",
  'payment.amountMismatch': "Der Preis hat sich geändert. Laden Sie die Seite neu und versuchen Sie es erneut.",
  'payment.typeUnavailable': "Diese Zahlungsart ist nicht verfügbar.",
  'payment.amountRange': "Diese Zahlungsart akzeptiert Beträge von {min} bis {max}.",
  'payment.orderNotFound': "Diese Bestellung gibt es nicht.",
  'payment.orderConflict': "Diese Anfrage wurde bereits für eine andere Bestellung verwendet. Bitte versuchen Sie es erneut.",

  'payment.cardInvalid': "Diese Karte wurde nicht gefunden. Wählen Sie eine andere Karte.",
  'payment.cardBanned': "Diese Karte kann nicht verwendet werden. Wählen Sie eine andere Karte.",
};
