import type { Messages } from './en';

export const th: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'ไม่สามารถอ่านคำขอได้',
  'envelope.badSign': 'ลายเซ็นของคำขอไม่ถูกต้อง',
  'envelope.clock': 'เวลาของคำขอต่างจากเวลาของเซิร์ฟเวอร์มากเกินไป โปรดตรวจสอบวันที่และเวลาในอุปกรณ์ของคุณ',
  'envelope.replay': 'ได้รับคำขอนี้ไปแล้ว',
  'envelope.undecryptable': 'ไม่สามารถถอดรหัสข้อมูลของคำขอได้',
  'envelope.debugDisabled': 'เซิร์ฟเวอร์นี้ไม่รับคำขอที่ไม่ได้เข้ารหัส',
  'request.tooLarge': 'คำขอมีขนาดใหญ่เกินไป',

  'validation.invalid': 'ค่าของ "{field}" ไม่ถูกต้อง',
  'validation.surrogate': '"{field}" มีอักขระที่เสียหาย (ตัวแทนที่ไม่มีคู่) โปรดลบออกแล้วลองอีกครั้ง',
  'validation.required': 'โปรดกรอก "{field}"',
  'validation.email': 'โปรดกรอกที่อยู่อีเมลที่ถูกต้อง',
  'validation.min': '"{field}" ต้องมีอย่างน้อย {min} ตัวอักษร',
  'validation.max': '"{field}" ต้องมีไม่เกิน {max} ตัวอักษร',
  'validation.numberMin': '"{field}" ต้องมีค่าอย่างน้อย {min}',
  'validation.numberMax': '"{field}" ต้องมีค่าไม่เกิน {max}',
  'validation.username': 'ชื่อผู้ใช้มีได้เฉพาะตัวอักษร ตัวเลข จุด ขีดกลาง และขีดล่างเท่านั้น',
  'validation.emailCode': 'โปรดกรอกรหัสยืนยัน 6 หลักที่ได้รับทางอีเมล',
  'validation.tokenInvalid': 'ลิงก์นี้ไม่ถูกต้อง โปรดขอลิงก์ใหม่',
  'validation.empty': 'ไม่มีข้อมูลที่จะเปลี่ยนแปลง',

  'auth.required': 'โปรดเข้าสู่ระบบก่อน',
  'auth.tokenExpired': 'เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้ง',
  'auth.forbidden': 'คุณไม่มีสิทธิ์ดำเนินการนี้',

  'account.usernameTaken': 'ชื่อผู้ใช้นี้ถูกใช้แล้ว',
  'account.emailTaken': 'ที่อยู่อีเมลนี้ลงทะเบียนไว้แล้ว',
  'account.loginFailed': 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
  'account.passwordWrong': 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  'account.passwordSame': 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
  'account.resetInvalid': 'ลิงก์รีเซ็ตรหัสผ่านนี้ไม่ถูกต้องหรือหมดอายุแล้ว โปรดขอลิงก์ใหม่',
  'account.emailCodeInvalid': 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว โปรดขอรหัสใหม่',
  'account.emailVerified': 'ที่อยู่อีเมลของคุณได้รับการยืนยันแล้ว',

  'rate.limited': 'พยายามหลายครั้งเกินไป โปรดลองอีกครั้งในอีก {seconds} วินาที',

  'image.missing': 'โปรดเลือกรูปภาพที่จะอัปโหลด',
  'image.tooLarge': 'รูปภาพมีขนาดใหญ่กว่า {mb} MB',
  'image.invalid': 'ไฟล์นี้ไม่ใช่รูปภาพที่รองรับ (JPEG, PNG, WebP, GIF, AVIF หรือ HEIC)',
  'image.tooManyPixels': 'รูปภาพมีขนาดใหญ่เกินไป: ได้สูงสุด {megapixels} เมกะพิกเซล',

  'listing.notFound': 'ไม่มีรายการนี้หรือรายการนี้ไม่พร้อมให้บริการแล้ว',
  'listing.cursorInvalid': 'ตำแหน่งในรายการนี้ใช้ไม่ได้แล้ว โปรดโหลดรายการใหม่',
  'listing.regionUnknown': 'ไม่มีภูมิภาคนี้',
  'listing.cityUnknown': 'ไม่มีเมืองนี้',
  'listing.dictUnknown': 'โปรดเลือกค่าที่ถูกต้องสำหรับ "{field}"',
  'listing.cannotPostMerchant': 'การเผยแพร่สถานที่ต้องผ่านการยืนยันตัวตน (KYC) และมีสมาชิกแบบชำระเงินที่ยังใช้งานอยู่',
  'listing.cannotPostPartner': 'การเผยแพร่โปรไฟล์ต้องผ่านการยืนยันตัวตน (KYC) และโปรไฟล์ที่สองต้องมีสมาชิกแบบชำระเงินที่ยังใช้งานอยู่ด้วย',
  'listing.coverRequired': 'โปรดเพิ่มภาพหน้าปก',
  'listing.photoRequired': 'โปรดเพิ่มรูปภาพอย่างน้อยหนึ่งรูป',
  'listing.tooManyPhotos': 'รายการหนึ่งมีรูปภาพได้สูงสุด {max} รูป',
  'listing.photoUnknown': 'รูปภาพที่จะเก็บไว้บางรูปไม่ได้เป็นของรายการนี้',
  'listing.merchantUnavailable': 'สถานที่ที่คุณเลือกไม่มีอยู่หรือยังไม่ได้เผยแพร่',
  'listing.unlockPriceRange': 'ราคาปลดล็อกแชตต้องอยู่ระหว่าง {min} ถึง {max} พอยต์',

  'server.notFound': 'ไม่พบข้อมูลที่ต้องการ',
  'server.error': 'เกิดข้อผิดพลาดในระบบของเรา โปรดลองอีกครั้ง',
  'search.cityUnknown': 'ไม่มีเมืองนี้ โปรดเลือกเมืองจากรายการ',

  'social.userNotFound': 'ไม่มีผู้ใช้รายนี้',
  'social.messageNotFound': 'ไม่มีข้อความนี้',
  'visitReport.ownVenue': 'คุณไม่สามารถเขียนรายงานการเยี่ยมชมเกี่ยวกับสถานที่ของคุณเองได้',
  'feedback.typeUnknown': 'โปรดเลือกประเภทความคิดเห็นจากรายการ',
  'report.reasonUnknown': 'โปรดเลือกเหตุผลจากรายการ',
  'report.self': 'คุณไม่สามารถรายงานตัวเองหรือรายการของคุณเองได้',

  'vip.monthly': 'สมาชิกรายเดือนถึงวันที่ {date}',
  'vip.annual': 'สมาชิกรายปีถึงวันที่ {date}',

  'mail.greeting': 'สวัสดีคุณ {name}',
  'mail.signature': 'ทีมงาน {app}',
  'mail.reset.subject': 'รีเซ็ตรหัสผ่าน {app} ของคุณ',
  'mail.reset.body':
    'เราได้รับคำขอให้รีเซ็ตรหัสผ่านบัญชีของคุณ โปรดเปิดลิงก์นี้ภายใน 30 นาทีเพื่อตั้งรหัสผ่านใหม่:',
  'mail.reset.ignore': 'หากคุณไม่ได้ส่งคำขอนี้ โปรดละเว้นอีเมลนี้ รหัสผ่านของคุณจะยังคงเหมือนเดิม',
  'mail.code.subject': 'รหัสยืนยัน {app} ของคุณ: {code}',
  'mail.code.body': 'รหัสยืนยันอีเมลของคุณคือ {code} รหัสนี้มีอายุ 10 นาทีและใช้ได้เพียงครั้งเดียว',
  'mail.code.ignore': 'หากคุณไม่ได้ขอรหัสนี้ โปรดละเว้นอีเมลนี้',
};
