import type { Messages } from './en';

export const id: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'Permintaan tidak dapat dibaca.',
  'envelope.badSign': 'Tanda tangan permintaan tidak valid.',
  'envelope.clock': 'Waktu permintaan terlalu jauh berbeda dari waktu server. Periksa tanggal dan jam di perangkat Anda.',
  'envelope.replay': 'Permintaan ini sudah pernah diterima.',
  'envelope.undecryptable': 'Data permintaan tidak dapat didekripsi.',
  'envelope.debugDisabled': 'Server ini tidak menerima permintaan yang tidak terenkripsi.',
  'request.tooLarge': 'Permintaan terlalu besar.',

  'validation.invalid': 'Nilai untuk "{field}" tidak valid.',
  'validation.required': 'Silakan isi "{field}".',
  'validation.email': 'Masukkan alamat email yang valid.',
  'validation.min': '"{field}" harus berisi minimal {min} karakter.',
  'validation.max': '"{field}" tidak boleh lebih dari {max} karakter.',
  'validation.numberMin': '"{field}" tidak boleh kurang dari {min}.',
  'validation.numberMax': '"{field}" tidak boleh lebih dari {max}.',
  'validation.username': 'Nama pengguna hanya boleh berisi huruf, angka, titik, tanda hubung, dan garis bawah.',
  'validation.emailCode': 'Masukkan kode 6 digit yang dikirim ke email Anda.',
  'validation.tokenInvalid': 'Tautan ini tidak valid. Silakan minta tautan baru.',
  'validation.empty': 'Tidak ada yang perlu diubah.',

  'auth.required': 'Silakan masuk terlebih dahulu.',
  'auth.tokenExpired': 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  'auth.forbidden': 'Anda tidak memiliki izin untuk melakukan ini.',

  'account.usernameTaken': 'Nama pengguna ini sudah digunakan.',
  'account.emailTaken': 'Alamat email ini sudah terdaftar.',
  'account.loginFailed': 'Akun atau kata sandi salah.',
  'account.passwordWrong': 'Kata sandi saat ini salah.',
  'account.passwordSame': 'Kata sandi baru harus berbeda dari kata sandi saat ini.',
  'account.resetInvalid': 'Tautan atur ulang kata sandi ini tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.',
  'account.emailCodeInvalid': 'Kode salah atau sudah kedaluwarsa. Silakan minta kode baru.',
  'account.emailVerified': 'Alamat email Anda sudah diverifikasi.',

  'rate.limited': 'Terlalu banyak percobaan. Silakan coba lagi dalam {seconds} detik.',

  'image.missing': 'Pilih gambar yang ingin diunggah.',
  'image.tooLarge': 'Ukuran gambar melebihi {mb} MB.',
  'image.invalid': 'File ini bukan gambar dengan format yang didukung (JPEG, PNG, WebP, GIF, AVIF, atau HEIC).',
  'image.tooManyPixels': 'Resolusi gambar terlalu besar: maksimal {megapixels} megapiksel.',

  'server.notFound': 'Tidak ditemukan.',
  'server.error': 'Terjadi kesalahan di pihak kami. Silakan coba lagi.',

  'vip.monthly': 'Langganan bulanan hingga {date}',
  'vip.annual': 'Langganan tahunan hingga {date}',

  'mail.greeting': 'Halo {name},',
  'mail.signature': 'Tim {app}',
  'mail.reset.subject': 'Atur ulang kata sandi {app} Anda',
  'mail.reset.body':
    'Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda. Buka tautan ini dalam waktu 30 menit untuk membuat kata sandi baru:',
  'mail.reset.ignore': 'Jika Anda tidak memintanya, abaikan email ini. Kata sandi Anda tidak akan berubah.',
  'mail.code.subject': 'Kode verifikasi {app} Anda: {code}',
  'mail.code.body': 'Kode verifikasi email Anda adalah {code}. Kode ini berlaku selama 10 menit dan hanya dapat digunakan satu kali.',
  'mail.code.ignore': 'Jika Anda tidak meminta kode ini, abaikan email ini.',
};
