import type { Messages } from './en';

export const pt: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'Não foi possível ler o pedido.',
  'envelope.badSign': 'A assinatura do pedido é inválida.',
  'envelope.clock': 'A hora do pedido está demasiado afastada da hora do servidor. Verifique a data e a hora do seu dispositivo.',
  'envelope.replay': 'Este pedido já foi recebido.',
  'envelope.undecryptable': 'Não foi possível desencriptar os dados do pedido.',
  'envelope.debugDisabled': 'Este servidor não aceita pedidos não encriptados.',
  'request.tooLarge': 'O pedido é demasiado grande.',

  'validation.invalid': 'Valor inválido para «{field}».',
  'validation.surrogate': '«{field}» contém um carácter danificado (um substituto sem par). Remova-o e tente novamente.',
  'validation.required': 'Preencha o campo «{field}».',
  'validation.email': 'Introduza um endereço de e-mail válido.',
  'validation.min': '«{field}» deve ter, pelo menos, {min} caracteres.',
  'validation.max': '«{field}» deve ter, no máximo, {max} caracteres.',
  'validation.numberMin': '«{field}» deve ser, no mínimo, {min}.',
  'validation.numberMax': '«{field}» deve ser, no máximo, {max}.',
  'validation.username': 'O nome de utilizador só pode conter letras, algarismos, pontos, hífenes e caracteres de sublinhado.',
  'validation.emailCode': 'Introduza o código de 6 dígitos que recebeu por e-mail.',
  'validation.tokenInvalid': 'Esta ligação é inválida. Peça uma nova.',
  'validation.empty': 'Não há nada para alterar.',

  'auth.required': 'Tem de iniciar sessão primeiro.',
  'auth.tokenExpired': 'A sua sessão expirou. Inicie sessão novamente.',
  'auth.forbidden': 'Não tem permissão para fazer isto.',

  'account.usernameTaken': 'Este nome de utilizador já está a ser utilizado.',
  'account.emailTaken': 'Este endereço de e-mail já está registado.',
  'account.loginFailed': 'Conta ou palavra-passe incorretas.',
  'account.passwordWrong': 'A palavra-passe atual está incorreta.',
  'account.passwordSame': 'A nova palavra-passe tem de ser diferente da atual.',
  'account.resetInvalid': 'Esta ligação de redefinição é inválida ou expirou. Peça uma nova.',
  'account.emailCodeInvalid': 'O código está incorreto ou expirou. Peça um novo.',
  'account.emailVerified': 'O seu endereço de e-mail já está verificado.',

  'rate.limited': 'Demasiadas tentativas. Tente novamente daqui a {seconds} segundos.',

  'image.missing': 'Escolha uma imagem para carregar.',
  'image.tooLarge': 'A imagem tem mais de {mb} MB.',
  'image.invalid': 'Este ficheiro não é uma imagem suportada (JPEG, PNG, WebP, GIF, AVIF ou HEIC).',
  'image.tooManyPixels': 'A imagem é demasiado grande: no máximo, {megapixels} megapíxeis.',

  'listing.notFound': 'Este anúncio não existe ou já não está disponível.',
  'listing.cursorInvalid': 'Esta posição da lista já não é válida. Recarregue a lista.',
  'listing.regionUnknown': 'Esta região não existe.',
  'listing.cityUnknown': 'Esta cidade não existe.',
  'listing.dictUnknown': 'Escolha um valor válido para «{field}».',
  'listing.cannotPostMerchant': 'Para publicar um espaço, precisa de verificação de identidade (KYC) e de uma adesão paga ativa.',
  'listing.cannotPostPartner': 'Para publicar um perfil, precisa de verificação de identidade (KYC); um segundo perfil exige também uma adesão paga ativa.',
  'listing.coverRequired': 'Adicione uma imagem de capa.',
  'listing.photoRequired': 'Adicione pelo menos uma fotografia.',
  'listing.tooManyPhotos': 'Um anúncio pode ter, no máximo, {max} fotografias.',
  'listing.photoUnknown': 'Uma das fotografias a manter não pertence a este anúncio.',
  'listing.merchantUnavailable': 'O espaço que escolheu não existe ou não está publicado.',
  'listing.unlockPriceRange': 'O preço para desbloquear o chat tem de estar entre {min} e {max} pontos.',

  'server.notFound': 'Não encontrado.',
  'server.error': 'Ocorreu um erro do nosso lado. Tente novamente.',
  'search.cityUnknown': 'Esta cidade não existe. Escolha uma cidade da lista.',

  'social.userNotFound': 'Este utilizador não existe.',
  'social.messageNotFound': 'Esta mensagem não existe.',
  'visitReport.ownVenue': 'Não pode escrever um relatório de visita sobre o seu próprio estabelecimento.',
  'feedback.typeUnknown': 'Escolha um tipo de comentário da lista.',
  'report.reasonUnknown': 'Escolha um motivo da lista.',
  'report.self': 'Não pode denunciar-se a si próprio nem os seus próprios anúncios.',

  'vip.monthly': 'Subscrição mensal até {date}',
  'vip.annual': 'Subscrição anual até {date}',

  'mail.greeting': 'Olá, {name},',
  'mail.signature': 'A equipa {app}',
  'mail.reset.subject': 'Redefina a palavra-passe da sua conta {app}',
  'mail.reset.body':
    'Recebemos um pedido para redefinir a palavra-passe da sua conta. Abra esta ligação nos próximos 30 minutos para escolher uma nova palavra-passe:',
  'mail.reset.ignore': 'Se não fez este pedido, ignore este e-mail. A sua palavra-passe mantém-se inalterada.',
  'mail.code.subject': 'O seu código de verificação {app}: {code}',
  'mail.code.body': 'O seu código de verificação de e-mail é {code}. É válido durante 10 minutos e só pode ser utilizado uma vez.',
  'mail.code.ignore': 'Se não pediu este código, ignore este e-mail.',
};
