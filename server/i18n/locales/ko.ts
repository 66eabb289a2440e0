import type { Messages } from './en';

export const ko: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': '요청을 읽을 수 없습니다.',
  'envelope.badSign': '요청 서명이 올바르지 않습니다.',
  'envelope.clock': '요청 시간이 서버 시간과 너무 많이 차이 납니다. 기기의 날짜와 시간을 확인해 주세요.',
  'envelope.replay': '이미 접수된 요청입니다.',
  'envelope.undecryptable': '요청 데이터를 복호화할 수 없습니다.',
  'envelope.debugDisabled': '이 서버는 암호화되지 않은 요청을 허용하지 않습니다.',
  'request.tooLarge': '요청이 너무 큽니다.',

  'validation.invalid': "'{field}' 값이 올바르지 않습니다.",
  'validation.surrogate': "'{field}'에 깨진 문자(짝이 없는 서로게이트)가 있습니다. 지운 뒤 다시 시도해 주세요.",
  'validation.required': "'{field}' 항목을 입력해 주세요.",
  'validation.email': '올바른 이메일 주소를 입력해 주세요.',
  'validation.min': "'{field}' 항목은 {min}자 이상 입력해 주세요.",
  'validation.max': "'{field}' 항목은 {max}자 이하로 입력해 주세요.",
  'validation.numberMin': "'{field}' 항목에는 {min} 이상의 값을 입력해 주세요.",
  'validation.numberMax': "'{field}' 항목에는 {max} 이하의 값을 입력해 주세요.",
  'validation.username': '사용자 이름에는 문자, 숫자, 마침표(.), 하이픈(-), 밑줄(_)만 사용할 수 있습니다.',
  'validation.emailCode': '이메일로 받은 6자리 코드를 입력해 주세요.',
  'validation.tokenInvalid': '유효하지 않은 링크입니다. 새 링크를 요청해 주세요.',
  'validation.empty': '변경할 내용이 없습니다.',

  'auth.required': '먼저 로그인해 주세요.',
  'auth.tokenExpired': '세션이 만료되었습니다. 다시 로그인해 주세요.',
  'auth.forbidden': '이 작업을 수행할 권한이 없습니다.',

  'account.usernameTaken': '이미 사용 중인 사용자 이름입니다.',
  'account.emailTaken': '이미 등록된 이메일 주소입니다.',
  'account.loginFailed': '계정 또는 비밀번호가 올바르지 않습니다.',
  'account.passwordWrong': '현재 비밀번호가 올바르지 않습니다.',
  'account.passwordSame': '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
  'account.resetInvalid': '유효하지 않거나 만료된 재설정 링크입니다. 새 링크를 요청해 주세요.',
  'account.emailCodeInvalid': '코드가 올바르지 않거나 만료되었습니다. 새 코드를 요청해 주세요.',
  'account.emailVerified': '이미 인증된 이메일 주소입니다.',

  'rate.limited': '시도 횟수가 너무 많습니다. {seconds}초 후에 다시 시도해 주세요.',

  'image.missing': '업로드할 이미지를 선택해 주세요.',
  'image.tooLarge': '이미지 크기가 {mb}MB를 초과합니다.',
  'image.invalid': '지원되지 않는 파일입니다. JPEG, PNG, WebP, GIF, AVIF, HEIC 이미지만 사용할 수 있습니다.',
  'image.tooManyPixels': '이미지 해상도가 너무 높습니다. 최대 {megapixels}메가픽셀까지 사용할 수 있습니다.',

  'listing.notFound': '이 게시물은 존재하지 않거나 더 이상 볼 수 없습니다.',
  'listing.cursorInvalid': '이 목록 위치는 더 이상 유효하지 않습니다. 목록을 새로 고치세요.',
  'listing.regionUnknown': '존재하지 않는 지역입니다.',
  'listing.cityUnknown': '존재하지 않는 도시입니다.',
  'listing.dictUnknown': '"{field}"에 유효한 값을 선택하세요.',
  'listing.cannotPostMerchant': '업체를 게시하려면 본인 인증(KYC)과 활성 유료 멤버십이 필요합니다.',
  'listing.cannotPostPartner': '프로필을 게시하려면 본인 인증(KYC)이 필요하며, 두 번째 프로필부터는 활성 유료 멤버십도 필요합니다.',
  'listing.coverRequired': '커버 이미지를 추가하세요.',
  'listing.photoRequired': '사진을 한 장 이상 추가하세요.',
  'listing.tooManyPhotos': '게시물 하나에 사진은 최대 {max}장까지 올릴 수 있습니다.',
  'listing.photoUnknown': '유지할 사진 중 하나가 이 게시물의 사진이 아닙니다.',
  'listing.merchantUnavailable': '선택한 업체가 존재하지 않거나 게시되지 않았습니다.',
  'listing.unlockPriceRange': '채팅 잠금 해제 가격은 {min}~{max}포인트 사이여야 합니다.',

  'server.notFound': '찾을 수 없습니다.',
  'server.error': '서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  'search.cityUnknown': '존재하지 않는 도시입니다. 목록에서 도시를 선택해 주세요.',

  'social.userNotFound': '존재하지 않는 사용자입니다.',
  'social.messageNotFound': '존재하지 않는 메시지입니다.',
  'visitReport.ownVenue': '본인 업소에 대한 방문 후기는 작성할 수 없습니다.',
  'feedback.typeUnknown': '목록에서 의견 유형을 선택해 주세요.',
  'report.reasonUnknown': '목록에서 사유를 선택해 주세요.',
  'report.self': '본인이나 본인의 게시물은 신고할 수 없습니다.',

  'vip.monthly': '월간 멤버십({date}까지)',
  'vip.annual': '연간 멤버십({date}까지)',

  'mail.greeting': '{name}님, 안녕하세요.',
  'mail.signature': '{app} 팀 드림',
  'mail.reset.subject': '[{app}] 비밀번호 재설정 안내',
  'mail.reset.body':
    '회원님 계정의 비밀번호 재설정 요청이 접수되었습니다. 30분 이내에 아래 링크를 열어 새 비밀번호를 설정해 주세요.',
  'mail.reset.ignore': '요청하신 적이 없다면 이 이메일을 무시하셔도 됩니다. 비밀번호는 변경되지 않습니다.',
  'mail.code.subject': '[{app}] 인증 코드: {code}',
  'mail.code.body': '이메일 인증 코드는 {code}입니다. 10분 동안 유효하며 한 번만 사용할 수 있습니다.',
  'mail.code.ignore': '인증 코드를 요청하신 적이 없다면 이 이메일을 무시하셔도 됩니다.',
};
