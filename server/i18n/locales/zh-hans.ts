import type { Messages } from './en';

export const zhHans: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': '无法读取请求。',
  'envelope.badSign': '请求签名无效。',
  'envelope.clock': '请求时间与服务器时间相差过大，请检查设备的日期和时间。',
  'envelope.replay': '已收到过该请求。',
  'envelope.undecryptable': '无法解密请求数据。',
  'envelope.debugDisabled': '此服务器不接受未加密的请求。',
  'request.tooLarge': '请求内容过大。',

  'validation.invalid': '“{field}”的值无效。',
  'validation.surrogate': '“{field}”包含一个损坏的字符（未配对的代理项）。请删除后重试。',
  'validation.required': '请填写“{field}”。',
  'validation.email': '请输入有效的邮箱地址。',
  'validation.min': '“{field}”至少需要 {min} 个字符。',
  'validation.max': '“{field}”最多只能有 {max} 个字符。',
  'validation.numberMin': '“{field}”不能小于 {min}。',
  'validation.numberMax': '“{field}”不能大于 {max}。',
  'validation.username': '用户名只能包含字母、数字、点（.）、连字符（-）和下划线（_）。',
  'validation.emailCode': '请输入邮件中的 6 位验证码。',
  'validation.tokenInvalid': '此链接无效，请重新获取。',
  'validation.empty': '没有需要修改的内容。',

  'auth.required': '请先登录。',
  'auth.tokenExpired': '登录已过期，请重新登录。',
  'auth.forbidden': '你没有执行此操作的权限。',

  'account.usernameTaken': '该用户名已被占用。',
  'account.emailTaken': '该邮箱地址已被注册。',
  'account.loginFailed': '账号或密码错误。',
  'account.passwordWrong': '当前密码错误。',
  'account.passwordSame': '新密码不能与当前密码相同。',
  'account.resetInvalid': '此重置链接无效或已过期，请重新获取。',
  'account.emailCodeInvalid': '验证码错误或已过期，请重新获取。',
  'account.emailVerified': '你的邮箱地址已验证。',

  'rate.limited': '尝试次数过多，请 {seconds} 秒后重试。',

  'image.missing': '请选择要上传的图片。',
  'image.tooLarge': '图片大小超过 {mb} MB。',
  'image.invalid': '不支持该文件格式，请上传 JPEG、PNG、WebP、GIF、AVIF 或 HEIC 格式的图片。',
  'image.tooManyPixels': '图片尺寸过大，最多 {megapixels} 百万像素。',

  'listing.notFound': '该信息不存在或已不可查看。',
  'listing.cursorInvalid': '列表位置已失效，请刷新列表。',
  'listing.regionUnknown': '该地区不存在。',
  'listing.cityUnknown': '该城市不存在。',
  'listing.dictUnknown': '请为“{field}”选择有效的值。',
  'listing.cannotPostMerchant': '发布商家需要完成实名认证（KYC）并拥有有效的付费会员。',
  'listing.cannotPostPartner': '发布个人资料需要完成实名认证（KYC）；发布第二份资料还需要有效的付费会员。',
  'listing.coverRequired': '请添加封面图片。',
  'listing.photoRequired': '请至少添加一张照片。',
  'listing.tooManyPhotos': '每条信息最多可添加 {max} 张照片。',
  'listing.photoUnknown': '要保留的照片中有一张不属于此信息。',
  'listing.merchantUnavailable': '您选择的商家不存在或尚未发布。',
  'listing.unlockPriceRange': '解锁聊天的价格必须在 {min} 到 {max} 积分之间。',

  'server.notFound': '未找到相关内容。',
  'server.error': '服务器出错了，请重试。',
  'search.cityUnknown': '该城市不存在，请从列表中选择城市。',

  'social.userNotFound': '该用户不存在。',
  'social.messageNotFound': '该消息不存在。',
  'visitReport.ownVenue': '不能为自己的店铺撰写探店报告。',
  'feedback.typeUnknown': '请从列表中选择反馈类型。',
  'report.reasonUnknown': '请从列表中选择原因。',
  'report.self': '不能举报自己或自己发布的信息。',

  'vip.monthly': '月度会员，有效期至 {date}',
  'vip.annual': '年度会员，有效期至 {date}',

  'mail.greeting': '{name}，你好：',
  'mail.signature': '{app} 团队',
  'mail.reset.subject': '重置你的 {app} 密码',
  'mail.reset.body':
    '我们收到了重置你账号密码的请求。请在 30 分钟内打开以下链接设置新密码：',
  'mail.reset.ignore': '如果这不是你本人的操作，请忽略此邮件，你的密码不会被更改。',
  'mail.code.subject': '你的 {app} 验证码：{code}',
  'mail.code.body': '你的邮箱验证码是 {code}，10 分钟内有效，仅可使用一次。',
  'mail.code.ignore': '如果你没有申请此验证码，请忽略此邮件。',
};
