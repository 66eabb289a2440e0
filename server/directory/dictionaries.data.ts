import type { DictType } from '@/contract/calls/dict';
import type { Locale } from '@/contract/enums';

/**
 * Dictionaries (spec section 7, DESIGN section 5): small vocabularies referenced by id from listings, feedback and
 * reports. Ids are stable per type and are never reused or renumbered, because rows store them; an entry that is
 * no longer wanted is kept (old rows still name it), a new one gets the next id. The display order is the array
 * order. Names are as a native speaker of each of the 15 locales writes them.
 *
 * Partner tags describe social company (a local guide, a host, someone to share a meal or a hike with), never
 * anything sexual.
 */

export type DictNames = Record<Locale, string>;

export interface DictEntryData {
  id: number;
  names: DictNames;
}

/** Builds names from the 15 locales in LOCALES order (ar de en es fr hi id ja ko pt ru th vi zh-hans zh-hant). */
function n(
  ar: string, de: string, en: string, es: string, fr: string, hi: string, id: string, ja: string,
  ko: string, pt: string, ru: string, th: string, vi: string, zhHans: string, zhHant: string,
): DictNames {
  return { ar, de, en, es, fr, hi, id, ja, ko, pt, ru, th, vi, 'zh-hans': zhHans, 'zh-hant': zhHant };
}

//        ar | de | en | es | fr | hi | id | ja | ko | pt | ru | th | vi | zh-hans | zh-hant
export const DICTIONARIES: Record<DictType, readonly DictEntryData[]> = {
  merchant_type: [
    { id: 1, names: n('مطعم', 'Restaurant', 'Restaurant', 'Restaurante', 'Restaurant', 'रेस्टोरेंट', 'Restoran', 'レストラン', '레스토랑', 'Restaurante', 'Ресторан', 'ร้านอาหาร', 'Nhà hàng', '餐厅', '餐廳') },
    { id: 2, names: n('مقهى', 'Café', 'Café', 'Cafetería', 'Café', 'कैफ़े', 'Kafe', 'カフェ', '카페', 'Café', 'Кафе', 'คาเฟ่', 'Quán cà phê', '咖啡馆', '咖啡廳') },
    { id: 3, names: n('بار', 'Bar', 'Bar', 'Bar', 'Bar', 'बार', 'Bar', 'バー', '바', 'Bar', 'Бар', 'บาร์', 'Quán bar', '酒吧', '酒吧') },
    { id: 4, names: n('ملهى ليلي', 'Club', 'Nightclub', 'Discoteca', 'Boîte de nuit', 'नाइटक्लब', 'Klub malam', 'クラブ', '클럽', 'Discoteca', 'Ночной клуб', 'ไนท์คลับ', 'Hộp đêm', '夜店', '夜店') },
    { id: 5, names: n('سبا', 'Spa', 'Spa', 'Spa', 'Spa', 'स्पा', 'Spa', 'スパ', '스파', 'Spa', 'Спа', 'สปา', 'Spa', '水疗中心', '水療中心') },
    { id: 6, names: n('فندق', 'Hotel', 'Hotel', 'Hotel', 'Hôtel', 'होटल', 'Hotel', 'ホテル', '호텔', 'Hotel', 'Отель', 'โรงแรม', 'Khách sạn', '酒店', '飯店') },
    { id: 7, names: n('كاريوكي', 'Karaoke', 'Karaoke', 'Karaoke', 'Karaoké', 'कराओके', 'Karaoke', 'カラオケ', '노래방', 'Karaoke', 'Караоке', 'คาราโอเกะ', 'Karaoke', '卡拉OK', 'KTV') },
    { id: 8, names: n('معرض فني', 'Galerie', 'Gallery', 'Galería', 'Galerie', 'आर्ट गैलरी', 'Galeri', 'ギャラリー', '갤러리', 'Galeria', 'Галерея', 'แกลเลอรี', 'Phòng tranh', '画廊', '畫廊') },
    { id: 9, names: n('لاونج', 'Lounge', 'Lounge', 'Lounge', 'Lounge', 'लाउंज', 'Lounge', 'ラウンジ', '라운지', 'Lounge', 'Лаунж', 'เลานจ์', 'Lounge', '酒廊', '酒廊') },
    { id: 10, names: n('مكان للموسيقى الحية', 'Livemusik-Location', 'Live music venue', 'Sala de conciertos', 'Salle de concert', 'लाइव म्यूज़िक वेन्यू', 'Tempat musik live', 'ライブハウス', '라이브 공연장', 'Sala de concertos', 'Концертная площадка', 'ร้านดนตรีสด', 'Phòng trà ca nhạc', '现场音乐酒吧', '音樂展演空間') },
    { id: 11, names: n('دار شاي', 'Teehaus', 'Tea house', 'Salón de té', 'Salon de thé', 'चाय घर', 'Kedai teh', '茶房', '찻집', 'Casa de chá', 'Чайная', 'ร้านน้ำชา', 'Quán trà', '茶馆', '茶館') },
    { id: 12, names: n('نادٍ رياضي', 'Fitnessstudio', 'Fitness studio', 'Gimnasio', 'Salle de sport', 'फ़िटनेस स्टूडियो', 'Pusat kebugaran', 'フィットネスジム', '피트니스 센터', 'Ginásio', 'Фитнес-клуб', 'ฟิตเนส', 'Phòng tập gym', '健身房', '健身房') },
  ],
  merchant_tag: [
    { id: 1, names: n('واي فاي مجاني', 'Kostenloses WLAN', 'Free Wi-Fi', 'Wi-Fi gratis', 'Wi-Fi gratuit', 'मुफ़्त वाई-फ़ाई', 'Wi-Fi gratis', '無料Wi-Fi', '무료 와이파이', 'Wi-Fi grátis', 'Бесплатный Wi-Fi', 'Wi-Fi ฟรี', 'Wi-Fi miễn phí', '免费Wi-Fi', '免費Wi-Fi') },
    { id: 2, names: n('جلسات خارجية', 'Außenbereich', 'Outdoor seating', 'Terraza', 'Terrasse', 'बाहर बैठने की जगह', 'Area luar ruangan', 'テラス席', '야외 좌석', 'Esplanada', 'Летняя веранда', 'ที่นั่งกลางแจ้ง', 'Chỗ ngồi ngoài trời', '户外座位', '戶外座位') },
    { id: 3, names: n('موسيقى حية', 'Livemusik', 'Live music', 'Música en directo', 'Musique live', 'लाइव संगीत', 'Musik live', 'ライブ演奏', '라이브 음악', 'Música ao vivo', 'Живая музыка', 'ดนตรีสด', 'Nhạc sống', '现场音乐', '現場音樂') },
    { id: 4, names: n('يفتح حتى وقت متأخر', 'Lange geöffnet', 'Open late', 'Abierto hasta tarde', 'Ouvert tard', 'देर रात तक खुला', 'Buka sampai larut malam', '深夜営業', '심야 영업', 'Aberto até tarde', 'Открыто допоздна', 'เปิดดึก', 'Mở cửa khuya', '营业至深夜', '營業至深夜') },
    { id: 5, names: n('خيارات نباتية', 'Vegetarische Gerichte', 'Vegetarian options', 'Opciones vegetarianas', 'Options végétariennes', 'शाकाहारी विकल्प', 'Pilihan vegetarian', 'ベジタリアン対応', '채식 메뉴', 'Opções vegetarianas', 'Вегетарианское меню', 'มีเมนูมังสวิรัติ', 'Có món chay', '提供素食', '提供素食') },
    { id: 6, names: n('يُسمح بالحيوانات الأليفة', 'Haustiere erlaubt', 'Pet friendly', 'Admite mascotas', 'Animaux acceptés', 'पालतू जानवरों के अनुकूल', 'Ramah hewan peliharaan', 'ペット可', '반려동물 동반 가능', 'Aceita animais', 'Можно с животными', 'สัตว์เลี้ยงเข้าได้', 'Cho phép thú cưng', '可携带宠物', '可攜帶寵物') },
    { id: 7, names: n('مناسب للكراسي المتحركة', 'Rollstuhlgerecht', 'Wheelchair accessible', 'Accesible en silla de ruedas', 'Accessible en fauteuil roulant', 'व्हीलचेयर के लिए सुलभ', 'Akses kursi roda', '車椅子対応', '휠체어 접근 가능', 'Acessível a cadeiras de rodas', 'Доступно для колясок', 'รองรับรถเข็นวีลแชร์', 'Có lối đi cho xe lăn', '无障碍设施', '無障礙設施') },
    { id: 8, names: n('يقبل الحجوزات', 'Reservierung möglich', 'Takes reservations', 'Acepta reservas', 'Réservation possible', 'आरक्षण उपलब्ध', 'Bisa reservasi', '予約可', '예약 가능', 'Aceita reservas', 'Можно забронировать', 'รับจอง', 'Nhận đặt chỗ', '可预订', '可訂位') },
    { id: 9, names: n('الدفع بالبطاقة', 'Kartenzahlung', 'Cards accepted', 'Se aceptan tarjetas', 'Carte bancaire acceptée', 'कार्ड से भुगतान', 'Terima kartu', 'カード可', '카드 결제 가능', 'Aceita cartões', 'Оплата картой', 'รับบัตร', 'Nhận thanh toán thẻ', '可刷卡', '可刷卡') },
    { id: 10, names: n('موقف سيارات', 'Parkplätze', 'Parking', 'Aparcamiento', 'Parking', 'पार्किंग', 'Parkir', '駐車場あり', '주차 가능', 'Estacionamento', 'Парковка', 'ที่จอดรถ', 'Bãi đỗ xe', '停车场', '停車場') },
    { id: 11, names: n('غرف خاصة', 'Private Räume', 'Private rooms', 'Salas privadas', 'Salons privés', 'निजी कमरे', 'Ruang privat', '個室あり', '프라이빗 룸', 'Salas privadas', 'Отдельные кабинеты', 'ห้องส่วนตัว', 'Phòng riêng', '包间', '包廂') },
    { id: 12, names: n('قائمة بالإنجليزية', 'Englische Speisekarte', 'English menu', 'Carta en inglés', 'Menu en anglais', 'अंग्रेज़ी मेन्यू', 'Menu bahasa Inggris', '英語メニュー', '영어 메뉴', 'Menu em inglês', 'Меню на английском', 'เมนูภาษาอังกฤษ', 'Thực đơn tiếng Anh', '英文菜单', '英文菜單') },
    { id: 13, names: n('على السطح', 'Dachterrasse', 'Rooftop', 'Azotea', 'Rooftop', 'रूफ़टॉप', 'Rooftop', 'ルーフトップ', '루프탑', 'Rooftop', 'На крыше', 'รูฟท็อป', 'Sân thượng', '屋顶露台', '屋頂露台') },
    { id: 14, names: n('ساعة السعادة', 'Happy Hour', 'Happy hour', 'Happy hour', 'Happy hour', 'हैप्पी आवर', 'Happy hour', 'ハッピーアワー', '해피아워', 'Happy hour', 'Счастливые часы', 'แฮปปี้อาวร์', 'Giờ vàng giảm giá', '欢乐时光', '歡樂時光') },
    { id: 15, names: n('مناسب للعائلات', 'Familienfreundlich', 'Family friendly', 'Apto para familias', 'Adapté aux familles', 'परिवार के लिए उपयुक्त', 'Ramah keluarga', '家族連れ歓迎', '가족 친화적', 'Ideal para famílias', 'Подходит для семей', 'เหมาะสำหรับครอบครัว', 'Phù hợp cho gia đình', '适合家庭', '適合家庭') },
    { id: 16, names: n('منطقة تدخين', 'Raucherbereich', 'Smoking area', 'Zona de fumadores', 'Espace fumeurs', 'धूम्रपान क्षेत्र', 'Area merokok', '喫煙席あり', '흡연 구역', 'Área de fumadores', 'Зона для курения', 'พื้นที่สูบบุหรี่', 'Khu vực hút thuốc', '吸烟区', '吸菸區') },
  ],
  partner_tag: [
    { id: 1, names: n('مرشد في المدينة', 'Stadtführung', 'City guide', 'Guía de la ciudad', 'Guide de la ville', 'शहर गाइड', 'Pemandu kota', 'シティガイド', '시티 가이드', 'Guia da cidade', 'Гид по городу', 'ไกด์นำเที่ยวในเมือง', 'Hướng dẫn viên thành phố', '城市向导', '城市導覽') },
    { id: 2, names: n('مضيف محلي', 'Gastgeber vor Ort', 'Local host', 'Anfitrión local', 'Hôte local', 'स्थानीय मेज़बान', 'Tuan rumah lokal', '地元ホスト', '현지 호스트', 'Anfitrião local', 'Местный хозяин', 'เจ้าบ้านท้องถิ่น', 'Chủ nhà địa phương', '本地东道主', '在地東道主') },
    { id: 3, names: n('الحياة الليلية', 'Nachtleben', 'Nightlife', 'Vida nocturna', 'Vie nocturne', 'नाइटलाइफ़', 'Kehidupan malam', 'ナイトライフ', '나이트라이프', 'Vida noturna', 'Ночная жизнь', 'ไนท์ไลฟ์', 'Cuộc sống về đêm', '夜生活', '夜生活') },
    { id: 4, names: n('جولة طعام', 'Kulinarische Tour', 'Food tour', 'Ruta gastronómica', 'Visite gourmande', 'फ़ूड टूर', 'Wisata kuliner', '食べ歩き', '맛집 투어', 'Roteiro gastronómico', 'Гастротур', 'ทัวร์อาหาร', 'Tour ẩm thực', '美食之旅', '美食之旅') },
    { id: 5, names: n('التصوير', 'Fotografie', 'Photography', 'Fotografía', 'Photographie', 'फ़ोटोग्राफ़ी', 'Fotografi', '写真撮影', '사진 촬영', 'Fotografia', 'Фотография', 'ถ่ายภาพ', 'Nhiếp ảnh', '摄影', '攝影') },
    { id: 6, names: n('التسوق', 'Shopping', 'Shopping', 'Compras', 'Shopping', 'खरीदारी', 'Belanja', 'ショッピング', '쇼핑', 'Compras', 'Шопинг', 'ช้อปปิ้ง', 'Mua sắm', '购物', '購物') },
    { id: 7, names: n('المتاحف والثقافة', 'Museen & Kultur', 'Museums & culture', 'Museos y cultura', 'Musées et culture', 'संग्रहालय और संस्कृति', 'Museum & budaya', '美術館・文化', '박물관·문화', 'Museus e cultura', 'Музеи и культура', 'พิพิธภัณฑ์และวัฒนธรรม', 'Bảo tàng & văn hóa', '博物馆与文化', '博物館與文化') },
    { id: 8, names: n('المشي والطبيعة', 'Wandern & Natur', 'Hiking & outdoors', 'Senderismo y naturaleza', 'Randonnée et nature', 'हाइकिंग और आउटडोर', 'Mendaki & alam terbuka', 'ハイキング・アウトドア', '하이킹·아웃도어', 'Caminhadas e natureza', 'Походы и природа', 'เดินป่าและกิจกรรมกลางแจ้ง', 'Leo núi & dã ngoại', '徒步与户外', '健行與戶外') },
    { id: 9, names: n('تبادل لغوي', 'Sprachaustausch', 'Language exchange', 'Intercambio de idiomas', 'Échange linguistique', 'भाषा आदान-प्रदान', 'Pertukaran bahasa', '語学交流', '언어 교환', 'Intercâmbio de línguas', 'Языковой обмен', 'แลกเปลี่ยนภาษา', 'Trao đổi ngôn ngữ', '语言交换', '語言交換') },
    { id: 10, names: n('فعاليات الأعمال', 'Geschäftstermine', 'Business events', 'Eventos de empresa', 'Événements professionnels', 'व्यावसायिक कार्यक्रम', 'Acara bisnis', 'ビジネスイベント', '비즈니스 행사', 'Eventos empresariais', 'Деловые мероприятия', 'งานธุรกิจ', 'Sự kiện kinh doanh', '商务活动', '商務活動') },
    { id: 11, names: n('ترجمة فورية', 'Dolmetschen', 'Interpreting', 'Interpretación', 'Interprétariat', 'दुभाषिया सेवा', 'Penerjemah lisan', '通訳', '통역', 'Interpretação', 'Устный перевод', 'ล่าม', 'Phiên dịch', '口译', '口譯') },
    { id: 12, names: n('الرياضة واللياقة', 'Sport & Fitness', 'Sports & fitness', 'Deporte y fitness', 'Sport et fitness', 'खेल और फ़िटनेस', 'Olahraga & kebugaran', 'スポーツ・フィットネス', '스포츠·피트니스', 'Desporto e fitness', 'Спорт и фитнес', 'กีฬาและฟิตเนส', 'Thể thao & thể hình', '运动健身', '運動健身') },
    { id: 13, names: n('الموسيقى والحفلات', 'Musik & Konzerte', 'Music & concerts', 'Música y conciertos', 'Musique et concerts', 'संगीत और कॉन्सर्ट', 'Musik & konser', '音楽・ライブ', '음악·공연', 'Música e concertos', 'Музыка и концерты', 'ดนตรีและคอนเสิร์ต', 'Âm nhạc & hòa nhạc', '音乐与演出', '音樂與演出') },
  ],
  sex: [
    { id: 1, names: n('أنثى', 'Weiblich', 'Female', 'Mujer', 'Femme', 'महिला', 'Perempuan', '女性', '여성', 'Mulher', 'Женский', 'หญิง', 'Nữ', '女', '女') },
    { id: 2, names: n('ذكر', 'Männlich', 'Male', 'Hombre', 'Homme', 'पुरुष', 'Laki-laki', '男性', '남성', 'Homem', 'Мужской', 'ชาย', 'Nam', '男', '男') },
    { id: 3, names: n('غير ثنائي', 'Nichtbinär', 'Non-binary', 'No binario', 'Non binaire', 'नॉन-बाइनरी', 'Non-biner', 'ノンバイナリー', '논바이너리', 'Não binário', 'Небинарный', 'นอนไบนารี', 'Phi nhị nguyên', '非二元性别', '非二元性別') },
  ],
  body_type: [
    { id: 1, names: n('نحيف', 'Schlank', 'Slim', 'Delgado', 'Mince', 'पतला', 'Ramping', 'スリム', '슬림', 'Magro', 'Стройное', 'ผอมเพรียว', 'Mảnh mai', '苗条', '苗條') },
    { id: 2, names: n('متوسط', 'Durchschnittlich', 'Average', 'Normal', 'Moyenne', 'सामान्य', 'Sedang', '普通', '보통', 'Médio', 'Среднее', 'ปานกลาง', 'Trung bình', '适中', '適中') },
    { id: 3, names: n('رياضي', 'Sportlich', 'Athletic', 'Atlético', 'Athlétique', 'एथलेटिक', 'Atletis', 'アスリート体型', '탄탄한 체형', 'Atlético', 'Спортивное', 'หุ่นนักกีฬา', 'Thể thao', '健美', '健美') },
    { id: 4, names: n('ممتلئ القوام', 'Kurvig', 'Curvy', 'Con curvas', 'Avec des formes', 'सुडौल', 'Sintal', 'グラマー', '글래머', 'Curvilíneo', 'С формами', 'มีส่วนโค้งเว้า', 'Có đường cong', '丰满', '豐滿') },
    { id: 5, names: n('ضخم البنية', 'Kräftig', 'Large', 'Corpulento', 'Corpulent', 'भारी शरीर', 'Berbadan besar', '大柄', '큰 체격', 'Corpulento', 'Крупное', 'ร่างใหญ่', 'Vóc dáng lớn', '体型较大', '體型較大') },
  ],
  language: [
    { id: 1, names: n('الإنجليزية', 'Englisch', 'English', 'Inglés', 'Anglais', 'अंग्रेज़ी', 'Bahasa Inggris', '英語', '영어', 'Inglês', 'Английский', 'ภาษาอังกฤษ', 'Tiếng Anh', '英语', '英語') },
    { id: 2, names: n('اليابانية', 'Japanisch', 'Japanese', 'Japonés', 'Japonais', 'जापानी', 'Bahasa Jepang', '日本語', '일본어', 'Japonês', 'Японский', 'ภาษาญี่ปุ่น', 'Tiếng Nhật', '日语', '日語') },
    { id: 3, names: n('الكورية', 'Koreanisch', 'Korean', 'Coreano', 'Coréen', 'कोरियाई', 'Bahasa Korea', '韓国語', '한국어', 'Coreano', 'Корейский', 'ภาษาเกาหลี', 'Tiếng Hàn', '韩语', '韓語') },
    { id: 4, names: n('الصينية (الماندرين)', 'Chinesisch (Mandarin)', 'Mandarin Chinese', 'Chino mandarín', 'Chinois mandarin', 'मंदारिन चीनी', 'Bahasa Mandarin', '中国語（標準語）', '중국어(표준어)', 'Mandarim', 'Китайский (путунхуа)', 'ภาษาจีนกลาง', 'Tiếng Trung (Quan thoại)', '普通话', '華語') },
    { id: 5, names: n('الكانتونية', 'Kantonesisch', 'Cantonese', 'Cantonés', 'Cantonais', 'कैंटोनीज़', 'Bahasa Kanton', '広東語', '광둥어', 'Cantonês', 'Кантонский', 'ภาษาจีนกวางตุ้ง', 'Tiếng Quảng Đông', '粤语', '粵語') },
    { id: 6, names: n('التايلاندية', 'Thailändisch', 'Thai', 'Tailandés', 'Thaï', 'थाई', 'Bahasa Thai', 'タイ語', '태국어', 'Tailandês', 'Тайский', 'ภาษาไทย', 'Tiếng Thái', '泰语', '泰語') },
    { id: 7, names: n('الفيتنامية', 'Vietnamesisch', 'Vietnamese', 'Vietnamita', 'Vietnamien', 'वियतनामी', 'Bahasa Vietnam', 'ベトナム語', '베트남어', 'Vietnamita', 'Вьетнамский', 'ภาษาเวียดนาม', 'Tiếng Việt', '越南语', '越南語') },
    { id: 8, names: n('الإندونيسية', 'Indonesisch', 'Indonesian', 'Indonesio', 'Indonésien', 'इंडोनेशियाई', 'Bahasa Indonesia', 'インドネシア語', '인도네시아어', 'Indonésio', 'Индонезийский', 'ภาษาอินโดนีเซีย', 'Tiếng Indonesia', '印尼语', '印尼語') },
    { id: 9, names: n('الهندية', 'Hindi', 'Hindi', 'Hindi', 'Hindi', 'हिन्दी', 'Bahasa Hindi', 'ヒンディー語', '힌디어', 'Hindi', 'Хинди', 'ภาษาฮินดี', 'Tiếng Hindi', '印地语', '印地語') },
    { id: 10, names: n('العربية', 'Arabisch', 'Arabic', 'Árabe', 'Arabe', 'अरबी', 'Bahasa Arab', 'アラビア語', '아랍어', 'Árabe', 'Арабский', 'ภาษาอาหรับ', 'Tiếng Ả Rập', '阿拉伯语', '阿拉伯語') },
    { id: 11, names: n('الفرنسية', 'Französisch', 'French', 'Francés', 'Français', 'फ़्रेंच', 'Bahasa Prancis', 'フランス語', '프랑스어', 'Francês', 'Французский', 'ภาษาฝรั่งเศส', 'Tiếng Pháp', '法语', '法語') },
    { id: 12, names: n('الألمانية', 'Deutsch', 'German', 'Alemán', 'Allemand', 'जर्मन', 'Bahasa Jerman', 'ドイツ語', '독일어', 'Alemão', 'Немецкий', 'ภาษาเยอรมัน', 'Tiếng Đức', '德语', '德語') },
    { id: 13, names: n('الإسبانية', 'Spanisch', 'Spanish', 'Español', 'Espagnol', 'स्पेनिश', 'Bahasa Spanyol', 'スペイン語', '스페인어', 'Espanhol', 'Испанский', 'ภาษาสเปน', 'Tiếng Tây Ban Nha', '西班牙语', '西班牙語') },
    { id: 14, names: n('البرتغالية', 'Portugiesisch', 'Portuguese', 'Portugués', 'Portugais', 'पुर्तगाली', 'Bahasa Portugis', 'ポルトガル語', '포르투갈어', 'Português', 'Португальский', 'ภาษาโปรตุเกส', 'Tiếng Bồ Đào Nha', '葡萄牙语', '葡萄牙語') },
    { id: 15, names: n('الروسية', 'Russisch', 'Russian', 'Ruso', 'Russe', 'रूसी', 'Bahasa Rusia', 'ロシア語', '러시아어', 'Russo', 'Русский', 'ภาษารัสเซีย', 'Tiếng Nga', '俄语', '俄語') },
    { id: 16, names: n('الإيطالية', 'Italienisch', 'Italian', 'Italiano', 'Italien', 'इतालवी', 'Bahasa Italia', 'イタリア語', '이탈리아어', 'Italiano', 'Итальянский', 'ภาษาอิตาลี', 'Tiếng Ý', '意大利语', '義大利語') },
  ],
  drive_type: [
    { id: 1, names: n('بدون مركبة', 'Kein Fahrzeug', 'No vehicle', 'Sin vehículo', 'Pas de véhicule', 'कोई वाहन नहीं', 'Tidak ada kendaraan', '車なし', '차량 없음', 'Sem veículo', 'Без транспорта', 'ไม่มีพาหนะ', 'Không có xe', '无交通工具', '無交通工具') },
    { id: 2, names: n('سيارة', 'Auto', 'Car', 'Coche', 'Voiture', 'कार', 'Mobil', '車', '자동차', 'Carro', 'Автомобиль', 'รถยนต์', 'Ô tô', '汽车', '汽車') },
    { id: 3, names: n('دراجة نارية', 'Motorrad', 'Motorbike', 'Moto', 'Moto', 'मोटरसाइकिल', 'Sepeda motor', 'バイク', '오토바이', 'Mota', 'Мотоцикл', 'รถจักรยานยนต์', 'Xe máy', '摩托车', '機車') },
    { id: 4, names: n('سكوتر', 'Motorroller', 'Scooter', 'Scooter', 'Scooter', 'स्कूटर', 'Skuter', 'スクーター', '스쿠터', 'Scooter', 'Скутер', 'สกู๊ตเตอร์', 'Xe tay ga', '踏板摩托车', '速克達') },
    { id: 5, names: n('دراجة هوائية', 'Fahrrad', 'Bicycle', 'Bicicleta', 'Vélo', 'साइकिल', 'Sepeda', '自転車', '자전거', 'Bicicleta', 'Велосипед', 'จักรยาน', 'Xe đạp', '自行车', '腳踏車') },
  ],
  feedback_type: [
    { id: 1, names: n('الإبلاغ عن خطأ', 'Fehler melden', 'Bug report', 'Informar de un error', 'Signaler un bug', 'बग की रिपोर्ट', 'Laporan bug', '不具合の報告', '버그 신고', 'Reportar um erro', 'Сообщить об ошибке', 'แจ้งปัญหาการใช้งาน', 'Báo lỗi', '错误报告', '錯誤回報') },
    { id: 2, names: n('اقتراح', 'Vorschlag', 'Suggestion', 'Sugerencia', 'Suggestion', 'सुझाव', 'Saran', '提案・要望', '제안', 'Sugestão', 'Предложение', 'ข้อเสนอแนะ', 'Góp ý', '建议', '建議') },
    { id: 3, names: n('مشكلة في المحتوى', 'Problem mit Inhalten', 'Content issue', 'Problema de contenido', 'Problème de contenu', 'सामग्री से जुड़ी समस्या', 'Masalah konten', 'コンテンツの問題', '콘텐츠 문제', 'Problema de conteúdo', 'Проблема с контентом', 'ปัญหาเนื้อหา', 'Vấn đề nội dung', '内容问题', '內容問題') },
    { id: 4, names: n('الحساب', 'Konto', 'Account', 'Cuenta', 'Compte', 'खाता', 'Akun', 'アカウント', '계정', 'Conta', 'Аккаунт', 'บัญชี', 'Tài khoản', '账户', '帳戶') },
    { id: 5, names: n('الدفع', 'Zahlung', 'Payment', 'Pago', 'Paiement', 'भुगतान', 'Pembayaran', 'お支払い', '결제', 'Pagamento', 'Оплата', 'การชำระเงิน', 'Thanh toán', '支付', '付款') },
    { id: 6, names: n('أخرى', 'Sonstiges', 'Other', 'Otro', 'Autre', 'अन्य', 'Lainnya', 'その他', '기타', 'Outro', 'Другое', 'อื่น ๆ', 'Khác', '其他', '其他') },
  ],
  report_reason: [
    { id: 1, names: n('رسائل مزعجة', 'Spam', 'Spam', 'Spam', 'Spam', 'स्पैम', 'Spam', 'スパム', '스팸', 'Spam', 'Спам', 'สแปม', 'Spam', '垃圾信息', '垃圾訊息') },
    { id: 2, names: n('احتيال', 'Betrug', 'Scam or fraud', 'Estafa o fraude', 'Arnaque ou fraude', 'धोखाधड़ी', 'Penipuan', '詐欺', '사기', 'Burla ou fraude', 'Мошенничество', 'หลอกลวงหรือฉ้อโกง', 'Lừa đảo', '诈骗', '詐騙') },
    { id: 3, names: n('محتوى غير لائق', 'Unangemessene Inhalte', 'Inappropriate content', 'Contenido inapropiado', 'Contenu inapproprié', 'अनुचित सामग्री', 'Konten tidak pantas', '不適切なコンテンツ', '부적절한 콘텐츠', 'Conteúdo impróprio', 'Неприемлемый контент', 'เนื้อหาไม่เหมาะสม', 'Nội dung không phù hợp', '不当内容', '不當內容') },
    { id: 4, names: n('انتحال الشخصية', 'Falsche Identität', 'Impersonation', 'Suplantación de identidad', "Usurpation d'identité", 'फ़र्ज़ी पहचान', 'Peniruan identitas', 'なりすまし', '사칭', 'Usurpação de identidade', 'Выдача себя за другого', 'แอบอ้างเป็นผู้อื่น', 'Mạo danh', '冒充他人', '冒充他人') },
    { id: 5, names: n('قاصر', 'Minderjährig', 'Underage', 'Menor de edad', 'Mineur', 'नाबालिग', 'Di bawah umur', '未成年', '미성년자', 'Menor de idade', 'Несовершеннолетний', 'ผู้เยาว์', 'Chưa đủ tuổi', '未成年', '未成年') },
    { id: 6, names: n('تحرش', 'Belästigung', 'Harassment', 'Acoso', 'Harcèlement', 'उत्पीड़न', 'Pelecehan', '嫌がらせ', '괴롭힘', 'Assédio', 'Преследование', 'การคุกคาม', 'Quấy rối', '骚扰', '騷擾') },
    { id: 7, names: n('أخرى', 'Sonstiges', 'Other', 'Otro', 'Autre', 'अन्य', 'Lainnya', 'その他', '기타', 'Outro', 'Другое', 'อื่น ๆ', 'Khác', '其他', '其他') },
  ],
};
