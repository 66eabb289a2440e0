import type { Messages } from './en';

export const vi: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'Không thể đọc yêu cầu.',
  'envelope.badSign': 'Chữ ký của yêu cầu không hợp lệ.',
  'envelope.clock': 'Thời gian của yêu cầu chênh lệch quá nhiều so với máy chủ. Vui lòng kiểm tra ngày giờ trên thiết bị của bạn.',
  'envelope.replay': 'Yêu cầu này đã được nhận trước đó.',
  'envelope.undecryptable': 'Không thể giải mã dữ liệu của yêu cầu.',
  'envelope.debugDisabled': 'Máy chủ này không chấp nhận yêu cầu chưa được mã hóa.',
  'request.tooLarge': 'Yêu cầu quá lớn.',

  'validation.invalid': 'Giá trị của "{field}" không hợp lệ.',
  'validation.surrogate': '"{field}" chứa một ký tự bị hỏng (surrogate không có cặp). Hãy xóa ký tự đó rồi thử lại.',
  'validation.required': 'Vui lòng nhập "{field}".',
  'validation.email': 'Vui lòng nhập địa chỉ email hợp lệ.',
  'validation.min': '"{field}" phải có ít nhất {min} ký tự.',
  'validation.max': '"{field}" không được vượt quá {max} ký tự.',
  'validation.numberMin': '"{field}" phải từ {min} trở lên.',
  'validation.numberMax': '"{field}" không được lớn hơn {max}.',
  'validation.username': 'Tên người dùng chỉ được chứa chữ cái, chữ số, dấu chấm (.), dấu gạch ngang (-) và dấu gạch dưới (_).',
  'validation.emailCode': 'Vui lòng nhập mã gồm 6 chữ số trong email.',
  'validation.tokenInvalid': 'Liên kết này không hợp lệ. Vui lòng yêu cầu liên kết mới.',
  'validation.empty': 'Không có nội dung nào cần thay đổi.',

  'auth.required': 'Vui lòng đăng nhập trước.',
  'auth.tokenExpired': 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  'auth.forbidden': 'Bạn không có quyền thực hiện thao tác này.',

  'account.usernameTaken': 'Tên người dùng này đã được sử dụng.',
  'account.emailTaken': 'Địa chỉ email này đã được đăng ký.',
  'account.loginFailed': 'Tài khoản hoặc mật khẩu không đúng.',
  'account.passwordWrong': 'Mật khẩu hiện tại không đúng.',
  'account.passwordSame': 'Mật khẩu mới phải khác mật khẩu hiện tại.',
  'account.resetInvalid': 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn. Vui lòng yêu cầu liên kết mới.',
  'account.emailCodeInvalid': 'Mã không đúng hoặc đã hết hạn. Vui lòng yêu cầu mã mới.',
  'account.emailVerified': 'Địa chỉ email của bạn đã được xác minh trước đó.',

  'rate.limited': 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau {seconds} giây.',

  'image.missing': 'Vui lòng chọn ảnh để tải lên.',
  'image.tooLarge': 'Kích thước ảnh vượt quá {mb} MB.',
  'image.invalid': 'Tệp này không phải là ảnh thuộc định dạng được hỗ trợ (JPEG, PNG, WebP, GIF, AVIF hoặc HEIC).',
  'image.tooManyPixels': 'Độ phân giải ảnh quá cao: tối đa {megapixels} megapixel.',

  'listing.notFound': 'Tin đăng này không tồn tại hoặc không còn khả dụng.',
  'listing.cursorInvalid': 'Vị trí này trong danh sách không còn hợp lệ. Hãy tải lại danh sách.',
  'listing.regionUnknown': 'Khu vực này không tồn tại.',
  'listing.cityUnknown': 'Thành phố này không tồn tại.',
  'listing.dictUnknown': 'Hãy chọn một giá trị hợp lệ cho "{field}".',
  'listing.cannotPostMerchant': 'Để đăng một địa điểm, bạn cần xác minh danh tính (KYC) và có gói thành viên trả phí còn hiệu lực.',
  'listing.cannotPostPartner': 'Để đăng hồ sơ, bạn cần xác minh danh tính (KYC); hồ sơ thứ hai còn cần gói thành viên trả phí còn hiệu lực.',
  'listing.coverRequired': 'Hãy thêm ảnh bìa.',
  'listing.photoRequired': 'Hãy thêm ít nhất một ảnh.',
  'listing.tooManyPhotos': 'Mỗi tin đăng có tối đa {max} ảnh.',
  'listing.photoUnknown': 'Một trong các ảnh cần giữ không thuộc tin đăng này.',
  'listing.merchantUnavailable': 'Địa điểm bạn chọn không tồn tại hoặc chưa được đăng.',
  'listing.unlockPriceRange': 'Giá mở khóa trò chuyện phải từ {min} đến {max} điểm.',

  'server.notFound': 'Không tìm thấy.',
  'server.error': 'Đã xảy ra lỗi từ phía chúng tôi. Vui lòng thử lại.',
  'search.cityUnknown': 'Thành phố này không tồn tại. Hãy chọn một thành phố trong danh sách.',

  'social.userNotFound': 'Người dùng này không tồn tại.',
  'social.messageNotFound': 'Tin nhắn này không tồn tại.',
  'visitReport.ownVenue': 'Bạn không thể viết báo cáo ghé thăm về địa điểm của chính mình.',
  'feedback.typeUnknown': 'Vui lòng chọn loại góp ý trong danh sách.',
  'report.reasonUnknown': 'Vui lòng chọn lý do trong danh sách.',
  'report.self': 'Bạn không thể báo cáo chính mình hoặc tin đăng của chính mình.',

  'vip.monthly': 'Gói hội viên tháng đến {date}',
  'vip.annual': 'Gói hội viên năm đến {date}',

  'mail.greeting': 'Xin chào {name},',
  'mail.signature': 'Đội ngũ {app}',
  'mail.reset.subject': 'Đặt lại mật khẩu {app} của bạn',
  'mail.reset.body':
    'Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Vui lòng mở liên kết dưới đây trong vòng 30 phút để đặt mật khẩu mới:',
  'mail.reset.ignore': 'Nếu bạn không yêu cầu việc này, vui lòng bỏ qua email này. Mật khẩu của bạn sẽ không thay đổi.',
  'mail.code.subject': 'Mã xác minh {app} của bạn: {code}',
  'mail.code.body': 'Mã xác minh email của bạn là {code}. Mã có hiệu lực trong 10 phút và chỉ sử dụng được một lần.',
  'mail.code.ignore': 'Nếu bạn không yêu cầu mã này, vui lòng bỏ qua email này.',
};
