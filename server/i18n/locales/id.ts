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
  'validation.surrogate': '"{field}" berisi karakter rusak (surrogate tanpa pasangan). Hapus karakter itu lalu coba lagi.',
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

  'listing.notFound': 'Listing ini tidak ada atau sudah tidak tersedia.',
  'listing.cursorInvalid': 'Posisi daftar ini sudah tidak berlaku. Muat ulang daftar.',
  'listing.regionUnknown': 'Wilayah ini tidak ada.',
  'listing.cityUnknown': 'Kota ini tidak ada.',
  'listing.dictUnknown': 'Pilih nilai yang valid untuk "{field}".',
  'listing.cannotPostMerchant': 'Untuk memublikasikan tempat, Anda memerlukan verifikasi identitas (KYC) dan keanggotaan berbayar yang aktif.',
  'listing.cannotPostPartner': 'Untuk memublikasikan profil, Anda memerlukan verifikasi identitas (KYC); profil kedua juga memerlukan keanggotaan berbayar yang aktif.',
  'listing.coverRequired': 'Tambahkan gambar sampul.',
  'listing.photoRequired': 'Tambahkan setidaknya satu foto.',
  'listing.tooManyPhotos': 'Satu listing dapat memiliki paling banyak {max} foto.',
  'listing.photoUnknown': 'Salah satu foto yang ingin disimpan bukan milik listing ini.',
  'listing.merchantUnavailable': 'Tempat yang Anda pilih tidak ada atau belum dipublikasikan.',
  'listing.unlockPriceRange': 'Harga membuka obrolan harus antara {min} dan {max} poin.',

  'server.notFound': 'Tidak ditemukan.',
  'server.error': 'Terjadi kesalahan di pihak kami. Silakan coba lagi.',
  'search.cityUnknown': 'Kota ini tidak ada. Pilih kota dari daftar.',

  'social.userNotFound': 'Pengguna ini tidak ada.',
  'social.messageNotFound': 'Pesan ini tidak ada.',
  'visitReport.ownVenue': 'Anda tidak dapat menulis laporan kunjungan tentang tempat Anda sendiri.',
  'feedback.typeUnknown': 'Pilih jenis masukan dari daftar.',
  'report.reasonUnknown': 'Pilih alasan dari daftar.',
  'report.self': 'Anda tidak dapat melaporkan diri sendiri atau listing milik Anda.',

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
