import type { Messages } from './en';

export const zhHant: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': '無法讀取要求。',
  'envelope.badSign': '要求簽章無效。',
  'envelope.clock': '要求時間與伺服器時間相差過大，請檢查裝置的日期和時間。',
  'envelope.replay': '已收到過這項要求。',
  'envelope.undecryptable': '無法解密要求資料。',
  'envelope.debugDisabled': '此伺服器不接受未加密的要求。',
  'request.tooLarge': '請求內容過大。',

  'validation.invalid': '「{field}」的值無效。',
  'validation.surrogate': '「{field}」包含一個損壞的字元（未配對的代理字元）。請刪除後再試一次。',
  'validation.required': '請填寫「{field}」。',
  'validation.email': '請輸入有效的電子郵件地址。',
  'validation.min': '「{field}」至少需要 {min} 個字元。',
  'validation.max': '「{field}」最多只能有 {max} 個字元。',
  'validation.numberMin': '「{field}」不得小於 {min}。',
  'validation.numberMax': '「{field}」不得大於 {max}。',
  'validation.username': '使用者名稱只能包含英文字母、數字、句點（.）、連字號（-）和底線（_）。',
  'validation.emailCode': '請輸入電子郵件中的 6 位數驗證碼。',
  'validation.tokenInvalid': '此連結無效，請重新申請。',
  'validation.empty': '沒有需要變更的內容。',

  'auth.required': '請先登入。',
  'auth.tokenExpired': '登入狀態已過期，請重新登入。',
  'auth.forbidden': '你沒有執行此操作的權限。',

  'account.usernameTaken': '此使用者名稱已有人使用。',
  'account.emailTaken': '此電子郵件地址已註冊。',
  'account.loginFailed': '帳號或密碼錯誤。',
  'account.passwordWrong': '目前的密碼不正確。',
  'account.passwordSame': '新密碼不得與目前的密碼相同。',
  'account.resetInvalid': '此重設連結無效或已過期，請重新申請。',
  'account.emailCodeInvalid': '驗證碼錯誤或已過期，請重新申請。',
  'account.emailVerified': '你的電子郵件地址已通過驗證。',

  'rate.limited': '嘗試次數過多，請於 {seconds} 秒後再試一次。',

  'image.missing': '請選擇要上傳的圖片。',
  'image.tooLarge': '圖片大小超過 {mb} MB。',
  'image.invalid': '不支援此檔案格式，請上傳 JPEG、PNG、WebP、GIF、AVIF 或 HEIC 格式的圖片。',
  'image.tooManyPixels': '圖片尺寸過大，最多 {megapixels} 百萬像素。',

  'listing.notFound': '此資訊不存在或已無法查看。',
  'listing.cursorInvalid': '列表位置已失效，請重新整理列表。',
  'listing.regionUnknown': '此地區不存在。',
  'listing.cityUnknown': '此城市不存在。',
  'listing.dictUnknown': '請為「{field}」選擇有效的值。',
  'listing.cannotPostMerchant': '刊登店家需要完成身分驗證（KYC）並擁有有效的付費會員。',
  'listing.cannotPostPartner': '刊登個人檔案需要完成身分驗證（KYC）；刊登第二份檔案還需要有效的付費會員。',
  'listing.coverRequired': '請新增封面圖片。',
  'listing.photoRequired': '請至少新增一張相片。',
  'listing.tooManyPhotos': '每則資訊最多可新增 {max} 張相片。',
  'listing.photoUnknown': '要保留的相片中有一張不屬於此資訊。',
  'listing.merchantUnavailable': '您選擇的店家不存在或尚未刊登。',
  'listing.unlockPriceRange': '解鎖聊天的價格必須介於 {min} 到 {max} 點之間。',

  'server.notFound': '找不到相關內容。',
  'server.error': '系統發生錯誤，請再試一次。',
  'search.cityUnknown': '此城市不存在，請從清單中選擇城市。',

  'social.userNotFound': '此使用者不存在。',
  'social.messageNotFound': '此訊息不存在。',
  'visitReport.ownVenue': '無法為自己的店家撰寫探店報告。',
  'feedback.typeUnknown': '請從清單中選擇意見回饋類型。',
  'report.reasonUnknown': '請從清單中選擇原因。',
  'report.self': '無法檢舉自己或自己刊登的資訊。',

  'vip.monthly': '月費會員，效期至 {date}',
  'vip.annual': '年費會員，效期至 {date}',

  'mail.greeting': '{name} 你好：',
  'mail.signature': '{app} 團隊 敬上',
  'mail.reset.subject': '重設你的 {app} 密碼',
  'mail.reset.body':
    '我們收到了重設你帳號密碼的要求。請在 30 分鐘內開啟以下連結，設定新密碼：',
  'mail.reset.ignore': '如果你沒有提出此要求，請忽略這封電子郵件，你的密碼不會有任何變更。',
  'mail.code.subject': '你的 {app} 驗證碼：{code}',
  'mail.code.body': '你的電子郵件驗證碼為 {code}，10 分鐘內有效，且僅能使用一次。',
  'mail.code.ignore': '如果你沒有申請此驗證碼，請忽略這封電子郵件。',
};
