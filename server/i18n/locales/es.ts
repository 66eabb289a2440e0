import type { Messages } from './en';

export const es: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'No se ha podido leer la solicitud.',
  'envelope.badSign': 'La firma de la solicitud no es válida.',
  'envelope.clock': 'La hora de la solicitud difiere demasiado de la del servidor. Comprueba la fecha y la hora de tu dispositivo.',
  'envelope.replay': 'Esta solicitud ya se había recibido.',
  'envelope.undecryptable': 'No se han podido descifrar los datos de la solicitud.',
  'envelope.debugDisabled': 'Este servidor no acepta solicitudes sin cifrar.',
  'request.tooLarge': 'La solicitud es demasiado grande.',

  'validation.invalid': 'El valor de «{field}» no es válido.',
  'validation.surrogate': '«{field}» contiene un carácter dañado (un sustituto sin pareja). Elimínalo e inténtalo de nuevo.',
  'validation.required': 'Rellena el campo «{field}».',
  'validation.email': 'Introduce una dirección de correo electrónico válida.',
  'validation.min': '«{field}» debe tener al menos {min} caracteres.',
  'validation.max': '«{field}» debe tener como máximo {max} caracteres.',
  'validation.numberMin': '«{field}» debe ser como mínimo {min}.',
  'validation.numberMax': '«{field}» debe ser como máximo {max}.',
  'validation.username': 'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos.',
  'validation.emailCode': 'Introduce el código de 6 dígitos que aparece en el correo.',
  'validation.tokenInvalid': 'Este enlace no es válido. Solicita uno nuevo.',
  'validation.empty': 'No hay nada que cambiar.',

  'auth.required': 'Primero debes iniciar sesión.',
  'auth.tokenExpired': 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  'auth.forbidden': 'No tienes permiso para hacer esto.',

  'account.usernameTaken': 'Este nombre de usuario ya está en uso.',
  'account.emailTaken': 'Esta dirección de correo electrónico ya está registrada.',
  'account.loginFailed': 'Cuenta o contraseña incorrectas.',
  'account.passwordWrong': 'La contraseña actual no es correcta.',
  'account.passwordSame': 'La nueva contraseña debe ser distinta de la actual.',
  'account.resetInvalid': 'Este enlace de restablecimiento no es válido o ha caducado. Solicita uno nuevo.',
  'account.emailCodeInvalid': 'El código no es correcto o ha caducado. Solicita uno nuevo.',
  'account.emailVerified': 'Tu dirección de correo electrónico ya está verificada.',

  'rate.limited': 'Demasiados intentos. Vuelve a intentarlo dentro de {seconds} segundos.',

  'image.missing': 'Selecciona una imagen para subirla.',
  'image.tooLarge': 'La imagen supera los {mb} MB.',
  'image.invalid': 'Este archivo no es una imagen compatible (JPEG, PNG, WebP, GIF, AVIF o HEIC).',
  'image.tooManyPixels': 'La imagen es demasiado grande: el máximo es de {megapixels} megapíxeles.',

  'listing.notFound': 'Este anuncio no existe o ya no está disponible.',
  'listing.cursorInvalid': 'Esta posición de la lista ya no es válida. Vuelve a cargar la lista.',
  'listing.regionUnknown': 'Esta región no existe.',
  'listing.cityUnknown': 'Esta ciudad no existe.',
  'listing.dictUnknown': 'Elige un valor válido para «{field}».',
  'listing.cannotPostMerchant': 'Para publicar un local necesitas la verificación de identidad (KYC) y una membresía de pago activa.',
  'listing.cannotPostPartner': 'Para publicar un perfil necesitas la verificación de identidad (KYC); para un segundo perfil, también una membresía de pago activa.',
  'listing.coverRequired': 'Añade una imagen de portada.',
  'listing.photoRequired': 'Añade al menos una foto.',
  'listing.tooManyPhotos': 'Un anuncio puede tener como máximo {max} fotos.',
  'listing.photoUnknown': 'Una de las fotos que quieres conservar no pertenece a este anuncio.',
  'listing.merchantUnavailable': 'El local que elegiste no existe o no está publicado.',
  'listing.unlockPriceRange': 'El precio para desbloquear el chat debe estar entre {min} y {max} puntos.',

  'server.notFound': 'No se ha encontrado.',
  'server.error': 'Algo ha fallado por nuestra parte. Vuelve a intentarlo.',
  'search.cityUnknown': 'Esta ciudad no existe. Elige una ciudad de la lista.',

  'social.userNotFound': 'Este usuario no existe.',
  'social.messageNotFound': 'Este mensaje no existe.',
  'visitReport.ownVenue': 'No puedes escribir un informe de visita sobre tu propio local.',
  'feedback.typeUnknown': 'Elige un tipo de comentario de la lista.',
  'report.reasonUnknown': 'Elige un motivo de la lista.',
  'report.self': 'No puedes denunciarte a ti mismo ni a tus propios anuncios.',

  'vip.monthly': 'Suscripción mensual hasta el {date}',
  'vip.annual': 'Suscripción anual hasta el {date}',

  'mail.greeting': 'Hola, {name}:',
  'mail.signature': 'El equipo de {app}',
  'mail.reset.subject': 'Restablece tu contraseña de {app}',
  'mail.reset.body':
    'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace en los próximos 30 minutos para elegir una contraseña nueva:',
  'mail.reset.ignore': 'Si no lo has solicitado tú, ignora este correo. Tu contraseña no cambiará.',
  'mail.code.subject': 'Tu código de verificación de {app}: {code}',
  'mail.code.body': 'Tu código de verificación del correo electrónico es {code}. Es válido durante 10 minutos y solo se puede usar una vez.',
  'mail.code.ignore': 'Si no has solicitado este código, ignora este correo.',
};
