import type { Messages } from './en';

export const fr: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'La requête n’a pas pu être lue.',
  'envelope.badSign': 'La signature de la requête n’est pas valide.',
  'envelope.clock':
    'L’heure de la requête est trop éloignée de celle du serveur. Vérifiez la date et l’heure de votre appareil.',
  'envelope.replay': 'Cette requête a déjà été reçue.',
  'envelope.undecryptable': 'Les données de la requête n’ont pas pu être déchiffrées.',
  'envelope.debugDisabled': 'Ce serveur n’accepte pas les requêtes non chiffrées.',
  'request.tooLarge': 'La requête est trop volumineuse.',

  'validation.invalid': 'Valeur non valide pour « {field} ».',
  'validation.surrogate': '« {field} » contient un caractère endommagé (un demi-code de substitution isolé). Supprimez-le puis réessayez.',
  'validation.required': 'Veuillez renseigner « {field} ».',
  'validation.email': 'Veuillez saisir une adresse e-mail valide.',
  'validation.min': '« {field} » doit contenir au moins {min} caractères.',
  'validation.max': '« {field} » ne doit pas dépasser {max} caractères.',
  'validation.numberMin': '« {field} » doit être supérieur ou égal à {min}.',
  'validation.numberMax': '« {field} » doit être inférieur ou égal à {max}.',
  'validation.username':
    'Un nom d’utilisateur ne peut contenir que des lettres, des chiffres, des points, des tirets et des tirets bas.',
  'validation.emailCode': 'Veuillez saisir le code à 6 chiffres reçu par e-mail.',
  'validation.tokenInvalid': 'Ce lien n’est pas valide. Veuillez en demander un nouveau.',
  'validation.empty': 'Il n’y a rien à modifier.',

  'auth.required': 'Veuillez d’abord vous connecter.',
  'auth.tokenExpired': 'Votre session a expiré. Veuillez vous reconnecter.',
  'auth.forbidden': 'Vous n’avez pas l’autorisation d’effectuer cette action.',

  'account.usernameTaken': 'Ce nom d’utilisateur est déjà pris.',
  'account.emailTaken': 'Cette adresse e-mail est déjà associée à un compte.',
  'account.loginFailed': 'Compte ou mot de passe incorrect.',
  'account.passwordWrong': 'Le mot de passe actuel est incorrect.',
  'account.passwordSame': 'Le nouveau mot de passe doit être différent de l’actuel.',
  'account.resetInvalid':
    'Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.',
  'account.emailCodeInvalid': 'Le code est incorrect ou a expiré. Veuillez en demander un nouveau.',
  'account.emailVerified': 'Votre adresse e-mail est déjà vérifiée.',

  'rate.limited': 'Trop de tentatives. Veuillez réessayer dans {seconds} secondes.',

  'image.missing': 'Veuillez choisir une image à importer.',
  'image.tooLarge': 'L’image dépasse {mb} Mo.',
  'image.invalid': 'Ce fichier n’est pas une image prise en charge (JPEG, PNG, WebP, GIF, AVIF ou HEIC).',
  'image.tooManyPixels': 'L’image est trop grande : {megapixels} mégapixels maximum.',

  'listing.notFound': 'Cette annonce n’existe pas ou n’est plus disponible.',
  'listing.cursorInvalid': 'Cette position dans la liste n’est plus valide. Rechargez la liste.',
  'listing.regionUnknown': 'Cette région n’existe pas.',
  'listing.cityUnknown': 'Cette ville n’existe pas.',
  'listing.dictUnknown': 'Choisissez une valeur valide pour « {field} ».',
  'listing.cannotPostMerchant': 'Pour publier un établissement, il faut une vérification d’identité (KYC) et une adhésion payante active.',
  'listing.cannotPostPartner': 'Pour publier un profil, il faut une vérification d’identité (KYC) ; un deuxième profil exige aussi une adhésion payante active.',
  'listing.coverRequired': 'Ajoutez une image de couverture.',
  'listing.photoRequired': 'Ajoutez au moins une photo.',
  'listing.tooManyPhotos': 'Une annonce peut contenir au maximum {max} photos.',
  'listing.photoUnknown': 'L’une des photos à conserver n’appartient pas à cette annonce.',
  'listing.merchantUnavailable': 'L’établissement choisi n’existe pas ou n’est pas publié.',
  'listing.unlockPriceRange': 'Le prix de déblocage du chat doit être compris entre {min} et {max} points.',

  'server.notFound': 'Introuvable.',
  'server.error': 'Un problème est survenu de notre côté. Veuillez réessayer.',
  'search.cityUnknown': 'Cette ville n’existe pas. Choisissez une ville dans la liste.',

  'social.userNotFound': 'Cet utilisateur n’existe pas.',
  'social.messageNotFound': 'Ce message n’existe pas.',
  'visitReport.ownVenue': 'Vous ne pouvez pas rédiger de compte rendu de visite sur votre propre établissement.',
  'feedback.typeUnknown': 'Veuillez choisir un type de retour dans la liste.',
  'report.reasonUnknown': 'Veuillez choisir un motif dans la liste.',
  'report.self': 'Vous ne pouvez signaler ni vous-même ni vos propres annonces.',

  'vip.monthly': 'Abonnement mensuel jusqu’au {date}',
  'vip.annual': 'Abonnement annuel jusqu’au {date}',

  'mail.greeting': 'Bonjour {name},',
  'mail.signature': 'L’équipe {app}',
  'mail.reset.subject': 'Réinitialisation de votre mot de passe {app}',
  'mail.reset.body':
    'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Ouvrez ce lien dans les 30 minutes pour choisir un nouveau mot de passe :',
  'mail.reset.ignore':
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail. Votre mot de passe reste inchangé.',
  'mail.code.subject': 'Votre code de vérification {app} : {code}',
  'mail.code.body':
    'Votre code de vérification d’adresse e-mail est {code}. Il est valable 10 minutes et ne peut être utilisé qu’une seule fois.',
  'mail.code.ignore': 'Si vous n’avez pas demandé ce code, ignorez cet e-mail.',

  'chat.systemReadOnly': "Il n'est pas possible de répondre ici aux avis de Venuely.",
  'chat.youBlocked': "Vous avez bloqué cet utilisateur. Débloquez-le pour lui envoyer des messages.",
  'chat.blocked': "Cet utilisateur n'accepte pas vos messages.",
  'chat.locked': "Débloquez ce profil pour discuter avec lui.",
  'chat.peerNotFound': "Cette conversation n'existe pas.",
  'chat.unlockInvalid': "Ce message de déblocage n'est pas valide ici.",
  'chat.photoInvalid': "La photo est introuvable. Envoyez-la à nouveau.",
  'chat.frameInvalid': "Le message n'a pas pu être lu.",
  'chat.rateLimited': "Vous envoyez des messages trop vite. Patientez un instant puis réessayez.",
  'chat.unlockOwn': "C'est votre propre profil.",
  'chat.welcome': "Bienvenue sur Venuely ! Vous trouverez ici les avis concernant votre compte. Bonne découverte.",

  'wallet.kycRequired': "Vérifiez votre identité avant de retirer des points.",
  'wallet.withdrawMin': "Vous pouvez retirer à partir de {min} points.",
  'wallet.insufficient': "Vous avez {points} points retirables.",
  'wallet.insufficientPoints': "Cela coûte {price} points et vous en avez {balance}. Achetez des jetons pour continuer.",
  'wallet.idempotencyConflict': "Cette demande a déjà servi à autre chose. Veuillez réessayer.",

  'payment.itemUnknown': "Cet article n’est pas en vente.",
  'payment.amountMismatch': "Le prix a changé. Rechargez la page et réessayez.",
  'payment.typeUnavailable': "Ce moyen de paiement n’est pas disponible.",
  'payment.amountRange': "Ce moyen de paiement accepte les montants de {min} à {max}.",
  'payment.orderNotFound': "Cette commande n’existe pas.",
  'payment.orderConflict': "Cette demande a déjà servi pour une autre commande. Veuillez réessayer.",

  'payment.cardInvalid': "Cette carte est introuvable. Choisissez-en une autre.",
  'payment.cardBanned': "Cette carte ne peut pas être utilisée. Choisissez-en une autre.",
};
