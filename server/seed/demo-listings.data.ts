import { SocialChannel } from '@/contract/feature-enums';

/**
 * Words the demo listings are made of. Venue names, streets and profile nicknames are written the way locals
 * write them (Japanese venues in Japanese, Korean in Hangul, ...); descriptions, intros and visit reports are in
 * English with a local greeting, since listings are written by their owners in one language.
 *
 * A region's "flavour" decides which of these lists its cities use; regions without one get the international list.
 */

export type VenueKind = 'restaurant' | 'cafe' | 'bar' | 'nightlife' | 'spa' | 'karaoke' | 'hotel' | 'other';

export interface Flavour {
  /** The locale whose city names addresses use, when it is not the flavour's key. */
  locale?: string;
  /** Venue name patterns per kind; `{w}` is a word of `words`, `{s}` one of `surnames`. */
  names: Partial<Record<VenueKind, readonly string[]>> & { other: readonly string[] };
  words: readonly string[];
  surnames: readonly string[];
  /** Builds a street address; `city` is the city's local name. */
  address: (parts: { street: string; number: number; block: number; city: string }) => string;
  streets: readonly string[];
  /** Country calling code and the local number's digit groups. */
  phone: { code: string; groups: readonly number[] };
  /** Contact channels people use there, most used first. */
  social: readonly number[];
  /** Profile nicknames by sex. */
  nicknames: { female: readonly string[]; male: readonly string[] };
  /** Local language (English names of dict/language entries) spoken in profiles. */
  languages: readonly string[];
  greetings: readonly string[];
}

const T = SocialChannel;

const international: Flavour = {
  names: {
    restaurant: ['The {w} Kitchen', '{w} & Co.', 'Table {w}', '{s}’s Bistro', 'The {w} Room', 'Osteria {w}', '{w} Grill'],
    cafe: ['{w} Coffee', 'Café {w}', 'The {w} Bakery', '{w} Roasters', 'Little {w} Café'],
    bar: ['The {w} Bar', '{w} Taproom', 'Bar {w}', 'The {w} Arms', '{w} Cocktail Club'],
    nightlife: ['Club {w}', '{w} Lounge', 'The {w} Social', '{w} Sound Room'],
    spa: ['{w} Day Spa', '{w} Wellness', 'The {w} Bathhouse', '{w} Massage Studio'],
    karaoke: ['{w} Karaoke', 'Sing {w}', 'The {w} Booth'],
    hotel: ['Hotel {w}', 'The {w} House', '{w} Suites'],
    other: ['{w} House', 'The {w} Place', '{w} Studio', '{w} Corner'],
  },
  words: ['Copper', 'Harbour', 'Juniper', 'Lantern', 'Marigold', 'Oak', 'Saffron', 'Velvet', 'Willow', 'Ember', 'Cedar', 'Honey', 'Indigo', 'Northern', 'Olive', 'Pepper', 'Quarter', 'Riverside', 'Silver', 'Sunday'],
  surnames: ['Maggie', 'Walker', 'Bennett', 'Harper', 'Jordan', 'Lewis', 'Morgan', 'Quinn'],
  address: ({ street, number, city }) => `${number} ${street}, ${city}`,
  streets: ['High Street', 'Market Street', 'Harbour Road', 'King Street', 'Station Road', 'Park Lane', 'Church Street', 'Bridge Street', 'Victoria Avenue', 'Queen Street'],
  phone: { code: '+1', groups: [3, 3, 4] },
  social: [T.WhatsApp, T.Twitter, T.Telegram],
  nicknames: { female: ['Emma', 'Olivia', 'Ava', 'Mia', 'Chloe', 'Grace', 'Lily', 'Zoe', 'Ruby', 'Ella'], male: ['Jack', 'Noah', 'Liam', 'Leo', 'Max', 'Sam', 'Daniel', 'Ethan'] },
  languages: ['English'],
  greetings: ['Welcome!', 'See you soon!', 'Come and say hello.'],
};

export const FLAVOURS: Record<string, Flavour> = {
  international,
  ja: {
    names: {
      restaurant: ['{w}食堂', '割烹 {w}', 'レストラン{w}', '{s}屋', '鮨 {w}', '焼鳥 {w}', '{w}亭', 'そば処 {w}'],
      cafe: ['喫茶{w}', '{w}珈琲', 'カフェ{w}', '{w}茶房', 'Café {w}'],
      bar: ['居酒屋 {w}', 'Bar {w}', '立ち飲み {w}', '{w}酒場', 'バー{w}'],
      nightlife: ['Club {w}', 'ラウンジ{w}', '{w} TOKYO NIGHT'],
      spa: ['{w}の湯', '湯処 {w}', 'スパ{w}', '{w}リラクゼーション'],
      karaoke: ['カラオケ{w}', '歌広場{w}', '{w}カラオケ'],
      hotel: ['ホテル{w}', '旅館 {w}', '{w}の宿'],
      other: ['{w}', '{w}ハウス', 'スタジオ{w}'],
    },
    words: ['さくら', '月見', 'こもれび', '花火', '青葉', '雪見', '松風', 'ひだまり', '風鈴', '紅葉', '銀河', '萌黄', '山吹', '灯り', '鶴亀', '結び', 'あかね', '瑠璃'],
    surnames: ['田中', '鈴木', '佐藤', '山本', '中村', '小林', '加藤', '吉田'],
    address: ({ street, number, block, city }) => `${city} ${street}${block}丁目${number}-${(number % 9) + 1}`,
    streets: ['本町', '中央', '栄町', '錦', '緑町', '旭町', '桜木町', '港町', '南町', '東町'],
    phone: { code: '+81', groups: [2, 4, 4] },
    social: [T.LINE, T.Twitter],
    nicknames: { female: ['ゆい', 'さくら', 'はるか', 'みさき', 'あおい', 'Yuna', 'Rin', 'Hana', 'Mei', 'ひなた'], male: ['りょう', 'Haruto', 'Ren', 'そうた', 'Kaito', 'ゆうき', 'Sora'] },
    languages: ['Japanese'],
    greetings: ['いらっしゃいませ！', 'お待ちしております。', 'よろしくお願いします！'],
  },
  ko: {
    names: {
      restaurant: ['{w} 식당', '{s}네 밥상', '{w} 한정식', '{w} 고깃집', '{w} 국수'],
      cafe: ['카페 {w}', '{w} 커피', '{w} 베이커리', '{w} 다방'],
      bar: ['{w} 포차', '{w} 호프', 'Bar {w}', '{w} 주막'],
      nightlife: ['클럽 {w}', '{w} 라운지'],
      spa: ['{w} 찜질방', '{w} 스파', '{w} 마사지'],
      karaoke: ['{w} 노래방', '코인노래방 {w}'],
      hotel: ['호텔 {w}', '{w} 스테이'],
      other: ['{w}', '{w} 하우스'],
    },
    words: ['하늘', '바다', '달빛', '별빛', '봄날', '노을', '한강', '소나무', '무지개', '햇살', '동백', '구름'],
    surnames: ['김', '이', '박', '최', '정', '강'],
    address: ({ street, number, city }) => `${city} ${street} ${number}`,
    streets: ['중앙로', '세종대로', '테헤란로', '해운대로', '은행로', '평화로', '문화로', '시청로'],
    phone: { code: '+82', groups: [2, 4, 4] },
    social: [T.LINE, T.Telegram, T.Twitter],
    nicknames: { female: ['지민', '서연', '하은', '민지', '수아', 'Yuna', 'Jisoo'], male: ['도윤', '민준', 'Hyun', '지호'] },
    languages: ['Korean'],
    greetings: ['어서 오세요!', '감사합니다.', '또 만나요!'],
  },
  'zh-hans': {
    names: {
      restaurant: ['{w}小馆', '{s}家菜', '{w}酒家', '{w}面馆', '老{s}火锅'],
      cafe: ['{w}咖啡', '{w}茶舍', '{w}书咖'],
      bar: ['{w}酒吧', '{w}小酒馆', 'Bar {w}'],
      nightlife: ['{w}俱乐部', '{w}会所'],
      spa: ['{w}足道', '{w}养生馆', '{w}水疗'],
      karaoke: ['{w}KTV', '{w}量贩KTV'],
      hotel: ['{w}酒店', '{w}客栈'],
      other: ['{w}', '{w}工作室'],
    },
    words: ['云间', '月光', '清风', '锦绣', '江南', '长安', '梧桐', '竹林', '星河', '桃源', '悦来', '福满'],
    surnames: ['王', '李', '张', '刘', '陈', '杨'],
    address: ({ street, number, city }) => `${city}${street}${number}号`,
    streets: ['中山路', '人民路', '解放路', '建设路', '南京路', '长江路', '和平路', '新华路'],
    phone: { code: '+86', groups: [3, 4, 4] },
    social: [T.WeChat],
    nicknames: { female: ['小雪', '晓晴', '婷婷', '佳怡', '思雨', 'Lily', 'Coco'], male: ['子轩', '浩然', 'Leo'] },
    languages: ['Mandarin Chinese'],
    greetings: ['欢迎光临！', '期待您的到来。'],
  },
  'zh-hant': {
    names: {
      restaurant: ['{w}小館', '{s}記', '{w}茶餐廳', '{w}牛肉麵', '{w}食堂'],
      cafe: ['{w}咖啡', '{w}茶室', '{w}冰室'],
      bar: ['{w}酒吧', '{w}小酒館', 'Bar {w}'],
      nightlife: ['{w}俱樂部', '{w} Lounge'],
      spa: ['{w}足浴', '{w}養生館'],
      karaoke: ['{w}KTV', '好樂{w}'],
      hotel: ['{w}酒店', '{w}旅店'],
      other: ['{w}', '{w}工作室'],
    },
    words: ['雲間', '月光', '清風', '錦繡', '永康', '維多利亞', '太平', '星河', '金山', '福滿', '富貴', '大稻埕'],
    surnames: ['陳', '林', '黃', '張', '李', '王'],
    address: ({ street, number, city }) => `${city}${street}${number}號`,
    streets: ['中山路', '民生路', '忠孝東路', '仁愛路', '彌敦道', '德輔道', '信義路', '和平東路'],
    phone: { code: '+886', groups: [2, 4, 4] },
    social: [T.LINE, T.WeChat, T.WhatsApp],
    nicknames: { female: ['小雨', '雅婷', '怡君', '詩涵', 'Vivian', 'Kiki'], male: ['志明', '家豪', 'Ken'] },
    languages: ['Mandarin Chinese'],
    greetings: ['歡迎光臨！', '期待與你相見。'],
  },
  th: {
    names: {
      restaurant: ['ครัว{w}', 'ร้านอาหาร{w}', '{w} Thai Kitchen', 'ข้าวมัน{w}'],
      cafe: ['{w} คาเฟ่', 'กาแฟ{w}', '{w} Coffee'],
      bar: ['{w} Rooftop', 'บาร์{w}', '{w} Bar'],
      nightlife: ['{w} Club', '{w} Lounge'],
      spa: ['{w} นวดไทย', '{w} Spa', 'สปา{w}'],
      karaoke: ['คาราโอเกะ{w}', '{w} Karaoke'],
      hotel: ['โรงแรม{w}', '{w} Residence'],
      other: ['{w}', '{w} House'],
    },
    words: ['ดอกแก้ว', 'ริมน้ำ', 'จันทร์เพ็ญ', 'ชบา', 'มะลิ', 'Lotus', 'Siam', 'Orchid', 'Baan', 'ทองคำ'],
    surnames: ['Somchai', 'Niran', 'Malee'],
    address: ({ street, number, city }) => `${number} ${street}, ${city}`,
    streets: ['ถนนสุขุมวิท', 'ถนนสีลม', 'ถนนเจริญกรุง', 'ถนนพระราม 4', 'ถนนนิมมานเหมินท์', 'ถนนท่าแพ'],
    phone: { code: '+66', groups: [2, 3, 4] },
    social: [T.LINE, T.WhatsApp],
    nicknames: { female: ['Ploy', 'Fah', 'Mint', 'Nok', 'แพรว', 'น้ำฝน'], male: ['Bam', 'Beam', 'Tee'] },
    languages: ['Thai'],
    greetings: ['สวัสดีค่ะ ยินดีต้อนรับ!', 'ขอบคุณค่ะ'],
  },
  vi: {
    names: {
      restaurant: ['Quán {w}', 'Nhà hàng {w}', 'Phở {w}', 'Bún chả {w}', 'Cơm {w}'],
      cafe: ['Cà phê {w}', '{w} Coffee', 'Cộng {w}'],
      bar: ['{w} Bar', 'Bia hơi {w}', '{w} Rooftop'],
      nightlife: ['{w} Club', '{w} Lounge'],
      spa: ['{w} Spa', 'Massage {w}'],
      karaoke: ['Karaoke {w}'],
      hotel: ['Khách sạn {w}', '{w} Homestay'],
      other: ['{w}', 'Nhà {w}'],
    },
    words: ['Hoa Sen', 'Sông Hàn', 'Phố Cổ', 'Mây', 'Ánh Trăng', 'Bến Thành', 'Gió', 'Hạ Long', 'Sài Gòn Xưa', 'Hương Quê'],
    surnames: ['Bà Ba', 'Cô Ba', 'Chú Tư'],
    address: ({ street, number, city }) => `${number} ${street}, ${city}`,
    streets: ['Đường Lê Lợi', 'Đường Nguyễn Huệ', 'Phố Hàng Bạc', 'Đường Trần Phú', 'Đường Hai Bà Trưng', 'Phố Tràng Tiền'],
    phone: { code: '+84', groups: [2, 4, 4] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['Linh', 'Mai', 'Trang', 'Ngọc', 'Hương', 'Vy'], male: ['Minh', 'Tuấn', 'Nam'] },
    languages: ['Vietnamese'],
    greetings: ['Xin chào!', 'Hẹn gặp lại!'],
  },
  id: {
    names: {
      restaurant: ['Warung {w}', 'Rumah Makan {w}', 'Sate {w}', 'Dapur {w}'],
      cafe: ['Kopi {w}', 'Kedai {w}', '{w} Coffee'],
      bar: ['{w} Beach Bar', '{w} Bar'],
      nightlife: ['{w} Club', '{w} Lounge'],
      spa: ['{w} Spa', 'Pijat {w}', '{w} Wellness'],
      karaoke: ['Karaoke {w}'],
      hotel: ['Hotel {w}', 'Villa {w}'],
      other: ['{w}', 'Rumah {w}'],
    },
    words: ['Melati', 'Kenanga', 'Senja', 'Pelangi', 'Bintang', 'Nusantara', 'Ombak', 'Cempaka', 'Sari', 'Mentari'],
    surnames: ['Bu Sri', 'Pak Budi', 'Mbak Rina'],
    address: ({ street, number, city }) => `${street} No. ${number}, ${city}`,
    streets: ['Jl. Sudirman', 'Jl. Thamrin', 'Jl. Malioboro', 'Jl. Legian', 'Jl. Gajah Mada', 'Jl. Diponegoro'],
    phone: { code: '+62', groups: [3, 4, 4] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['Putri', 'Ayu', 'Dewi', 'Sari', 'Intan'], male: ['Rizky', 'Adi', 'Bayu'] },
    languages: ['Indonesian'],
    greetings: ['Selamat datang!', 'Sampai jumpa!'],
  },
  hi: {
    names: {
      restaurant: ['{w} Dhaba', '{w} Bhojanalaya', 'The {w} Thali', '{s} Sweets & Snacks'],
      cafe: ['{w} Chai Point', '{w} Café', 'Chai {w}'],
      bar: ['{w} Bar & Kitchen', 'The {w} Pub'],
      nightlife: ['{w} Lounge', 'Club {w}'],
      spa: ['{w} Ayurveda Spa', '{w} Wellness'],
      karaoke: ['{w} Karaoke Lounge'],
      hotel: ['Hotel {w}', '{w} Haveli'],
      other: ['{w}', '{w} House'],
    },
    words: ['Kesar', 'Chandni', 'Gulmohar', 'Mehfil', 'Rasoi', 'Saffron', 'Moti', 'Jasmine', 'Rangoli', 'Tulsi'],
    surnames: ['Sharma', 'Gupta', 'Mehta', 'Kapoor'],
    address: ({ street, number, city }) => `${number}, ${street}, ${city}`,
    streets: ['MG Road', 'Linking Road', 'Park Street', 'Connaught Place', 'Brigade Road', 'Marine Drive'],
    phone: { code: '+91', groups: [5, 5] },
    social: [T.WhatsApp, T.Twitter],
    nicknames: { female: ['Priya', 'Ananya', 'Kavya', 'Isha', 'प्रिया'], male: ['Aarav', 'Rohan', 'Arjun'] },
    languages: ['Hindi'],
    greetings: ['नमस्ते! आपका स्वागत है।', 'Welcome, namaste!'],
  },
  ar: {
    names: {
      restaurant: ['مطعم {w}', 'مطبخ {w}', '{w} Grill', 'مشويات {w}'],
      cafe: ['مقهى {w}', '{w} Coffee', 'قهوة {w}'],
      bar: ['{w} Lounge', 'صالة {w}'],
      nightlife: ['{w} Lounge', '{w} Rooftop'],
      spa: ['حمام {w}', '{w} Spa', 'سبا {w}'],
      karaoke: ['{w} Karaoke'],
      hotel: ['فندق {w}', '{w} Suites'],
      other: ['{w}', 'بيت {w}'],
    },
    words: ['الياسمين', 'القمر', 'النخيل', 'الواحة', 'الزيتون', 'Zaytoon', 'Layali', 'الصحراء', 'اللؤلؤة', 'السلطان'],
    surnames: ['أبو أحمد', 'الحاج علي'],
    address: ({ street, number, city }) => `${street} ${number}، ${city}`,
    streets: ['شارع الشيخ زايد', 'شارع الملك فهد', 'شارع التحرير', 'شارع الجميرا', 'شارع الرشيد', 'شارع الحمراء'],
    phone: { code: '+971', groups: [2, 3, 4] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['ليلى', 'نور', 'Yasmin', 'Lina', 'سارة', 'Mariam'], male: ['عمر', 'Karim', 'Omar'] },
    languages: ['Arabic'],
    greetings: ['أهلاً وسهلاً!', 'مرحباً بكم!'],
  },
  ru: {
    names: {
      restaurant: ['Ресторан «{w}»', 'Кафе «{w}»', 'Пельменная «{w}»', 'Столовая «{w}»', 'Бистро {w}'],
      cafe: ['Кофейня «{w}»', '{w} Coffee', 'Чайная «{w}»'],
      bar: ['Бар «{w}»', 'Рюмочная «{w}»', 'Паб «{w}»'],
      nightlife: ['Клуб «{w}»', '{w} Lounge'],
      spa: ['Баня «{w}»', 'Спа «{w}»'],
      karaoke: ['Караоке «{w}»'],
      hotel: ['Отель «{w}»', 'Гостиница «{w}»'],
      other: ['{w}', 'Дом «{w}»'],
    },
    words: ['Берёзка', 'Белые ночи', 'Самовар', 'Метелица', 'Жар-птица', 'Нева', 'Онегин', 'Калинка', 'Север', 'Матрёшка'],
    surnames: ['Иванов', 'Смирнов', 'Петров'],
    address: ({ street, number, city }) => `${city}, ${street}, д. ${number}`,
    streets: ['ул. Тверская', 'Невский пр.', 'ул. Арбат', 'ул. Пушкина', 'ул. Ленина', 'Садовая ул.'],
    phone: { code: '+7', groups: [3, 3, 4] },
    social: [T.Telegram, T.WhatsApp],
    nicknames: { female: ['Настя', 'Катя', 'Маша', 'Alina', 'Даша', 'Полина'], male: ['Дима', 'Artem', 'Иван'] },
    languages: ['Russian'],
    greetings: ['Добро пожаловать!', 'Ждём вас!'],
  },
  de: {
    names: {
      restaurant: ['Gasthaus {w}', 'Wirtshaus zum {w}', 'Restaurant {w}', '{s}s Küche'],
      cafe: ['Café {w}', 'Kaffeehaus {w}', '{w} Rösterei', 'Konditorei {w}'],
      bar: ['{w} Bar', 'Kneipe {w}', 'Biergarten {w}'],
      nightlife: ['Club {w}', '{w} Tanzhaus'],
      spa: ['{w} Therme', 'Sauna {w}', '{w} Wellness'],
      karaoke: ['{w} Karaoke'],
      hotel: ['Hotel {w}', 'Pension {w}'],
      other: ['{w}', 'Haus {w}'],
    },
    words: ['Lindenhof', 'Goldener Hirsch', 'Spreeblick', 'Rosengarten', 'Alte Mühle', 'Eichhorn', 'Sonnenschein', 'Hafenkante', 'Kastanie', 'Stern'],
    surnames: ['Müller', 'Schmidt', 'Weber', 'Fischer'],
    address: ({ street, number, city }) => `${street} ${number}, ${city}`,
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Marktplatz', 'Lindenallee'],
    phone: { code: '+49', groups: [3, 7] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['Lena', 'Hannah', 'Lea', 'Sophie', 'Marie'], male: ['Lukas', 'Jonas', 'Felix'] },
    languages: ['German'],
    greetings: ['Herzlich willkommen!', 'Bis bald!'],
  },
  fr: {
    names: {
      restaurant: ['Chez {s}', 'Le Petit {w}', 'La Table du {w}', 'Brasserie {w}', 'Bistrot {w}'],
      cafe: ['Café {w}', 'La Boulangerie {w}', 'Salon de thé {w}'],
      bar: ['Le Bar {w}', 'Cave à vins {w}', 'Le {w} Bar'],
      nightlife: ['Le {w} Club', 'La Nuit {w}'],
      spa: ['Spa {w}', 'Hammam {w}'],
      karaoke: ['Karaoké {w}'],
      hotel: ['Hôtel {w}', 'La Maison {w}'],
      other: ['Le {w}', 'La Maison {w}'],
    },
    words: ['Lilas', 'Marais', 'Rivage', 'Soleil', 'Bonheur', 'Pavé', 'Jardin', 'Comptoir', 'Moulin', 'Cèdre'],
    surnames: ['Marcel', 'Colette', 'Léon', 'Odette'],
    address: ({ street, number, city }) => `${number} ${street}, ${city}`,
    streets: ['rue de Rivoli', 'rue Oberkampf', 'boulevard Saint-Germain', 'rue de la République', 'quai des Célestins', 'rue Paradis'],
    phone: { code: '+33', groups: [1, 2, 2, 2, 2] },
    social: [T.WhatsApp, T.Twitter],
    nicknames: { female: ['Camille', 'Chloé', 'Léa', 'Manon', 'Inès'], male: ['Hugo', 'Louis', 'Théo'] },
    languages: ['French'],
    greetings: ['Bienvenue !', 'À bientôt !'],
  },
  es: {
    names: {
      restaurant: ['Casa {s}', 'Taberna {w}', 'Restaurante {w}', 'El Rincón de {s}', 'Asador {w}'],
      cafe: ['Café {w}', 'Cafetería {w}', 'Churrería {w}'],
      bar: ['Bar {w}', 'Bodega {w}', 'La Tasca {w}'],
      nightlife: ['Sala {w}', 'Club {w}'],
      spa: ['Spa {w}', 'Baños {w}'],
      karaoke: ['Karaoke {w}'],
      hotel: ['Hotel {w}', 'Hostal {w}'],
      other: ['{w}', 'Casa {w}'],
    },
    words: ['Sol', 'Luna', 'Azahar', 'Olivo', 'Mar', 'Tomillo', 'Alegría', 'Flamenco', 'Brisa', 'Naranjo'],
    surnames: ['Pepe', 'Lola', 'Manolo', 'Carmen'],
    address: ({ street, number, city }) => `${street} ${number}, ${city}`,
    streets: ['Calle Mayor', 'Gran Vía', 'Calle de Alcalá', 'Paseo del Prado', 'La Rambla', 'Calle Sierpes'],
    phone: { code: '+34', groups: [3, 3, 3] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['Lucía', 'Sofía', 'Martina', 'Paula', 'Valeria'], male: ['Alejandro', 'Pablo', 'Diego'] },
    languages: ['Spanish'],
    greetings: ['¡Bienvenidos!', '¡Hasta pronto!'],
  },
  pt: {
    names: {
      restaurant: ['Tasca do {s}', 'Restaurante {w}', 'Casa de Pasto {w}', 'Churrascaria {w}'],
      cafe: ['Café {w}', 'Pastelaria {w}', 'Padaria {w}'],
      bar: ['Bar {w}', 'Boteco {w}', 'Taberna {w}'],
      nightlife: ['Clube {w}', '{w} Lounge'],
      spa: ['Spa {w}', '{w} Bem-estar'],
      karaoke: ['Karaoke {w}'],
      hotel: ['Hotel {w}', 'Pousada {w}'],
      other: ['{w}', 'Casa {w}'],
    },
    words: ['Saudade', 'Alfama', 'Azulejo', 'Fado', 'Gaivota', 'Maré', 'Bacalhau', 'Sereia', 'Tejo', 'Ipanema'],
    surnames: ['Zé', 'Manel', 'Rosa', 'Joaquim'],
    address: ({ street, number, city }) => `${street}, ${number}, ${city}`,
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua das Flores', 'Rua de Santa Catarina', 'Rua Garrett', 'Rua de Cedofeita'],
    phone: { code: '+351', groups: [3, 3, 3] },
    social: [T.WhatsApp, T.Telegram],
    nicknames: { female: ['Beatriz', 'Inês', 'Mariana', 'Ana', 'Carolina'], male: ['João', 'Tiago', 'Rafael'] },
    languages: ['Portuguese'],
    greetings: ['Bem-vindos!', 'Até já!'],
  },
};

FLAVOURS['pt-br'] = {
  ...FLAVOURS.pt,
  locale: 'pt',
  streets: ['Avenida Paulista', 'Rua Oscar Freire', 'Avenida Atlântica', 'Rua Augusta', 'Rua do Catete', 'Avenida Sete de Setembro'],
  phone: { code: '+55', groups: [2, 5, 4] },
};

/** Which flavour a region uses, by its slug; unlisted regions use the international one. */
export const REGION_FLAVOURS: Record<string, string> = {
  japan: 'ja',
  'south-korea': 'ko',
  korea: 'ko',
  china: 'zh-hans',
  'mainland-china': 'zh-hans',
  taiwan: 'zh-hant',
  'hong-kong': 'zh-hant',
  macau: 'zh-hant',
  thailand: 'th',
  vietnam: 'vi',
  'viet-nam': 'vi',
  indonesia: 'id',
  india: 'hi',
  'united-arab-emirates': 'ar',
  uae: 'ar',
  'saudi-arabia': 'ar',
  egypt: 'ar',
  qatar: 'ar',
  russia: 'ru',
  germany: 'de',
  austria: 'de',
  switzerland: 'de',
  france: 'fr',
  belgium: 'fr',
  spain: 'es',
  mexico: 'es',
  argentina: 'es',
  portugal: 'pt',
  brazil: 'pt-br',
};

/** Opening hours, price range and the words of a venue's story, per kind. */
export interface KindProfile {
  hours: readonly { days: readonly number[]; open: string; close: string }[][];
  price: readonly [number, number];
  openers: readonly string[];
  details: readonly string[];
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const TUE_SUN = [2, 3, 4, 5, 6, 7];
const MON_SAT = [1, 2, 3, 4, 5, 6];

export const KIND_PROFILES: Record<VenueKind, KindProfile> = {
  restaurant: {
    hours: [
      [{ days: TUE_SUN, open: '11:30', close: '14:30' }, { days: TUE_SUN, open: '17:30', close: '22:00' }],
      [{ days: EVERY_DAY, open: '11:00', close: '23:00' }],
      [{ days: MON_SAT, open: '18:00', close: '23:30' }],
    ],
    price: [1, 4],
    openers: [
      '{name} is a family-run kitchen a few minutes from the centre of {city}.',
      'At {name} the menu follows the market: what arrives in the morning is on the plates by lunch.',
      '{name} has been feeding {city} regulars for more than a decade.',
      'A small dining room with an open kitchen, {name} seats about thirty guests.',
    ],
    details: [
      'The tasting menu changes every season, and there is always a vegetarian option.',
      'Book ahead for Friday and Saturday evenings; lunch is walk-in only.',
      'The counter seats look straight into the kitchen.',
      'Portions are generous and the staff are happy to explain every dish.',
      'Ask for the house special: it is not on the printed menu.',
    ],
  },
  cafe: {
    hours: [[{ days: EVERY_DAY, open: '08:00', close: '19:00' }], [{ days: MON_SAT, open: '07:30', close: '18:00' }]],
    price: [1, 2],
    openers: [
      '{name} roasts its beans in small batches right behind the counter.',
      'A quiet corner of {city}: {name} is where locals come to read, work and linger.',
      '{name} bakes everything in house, from morning buns to the afternoon cakes.',
    ],
    details: [
      'Free Wi-Fi, plenty of sockets and a no-rush policy.',
      'The window seats get the morning sun.',
      'Pour-over, espresso and a seasonal tea list.',
      'Dogs are welcome on the terrace.',
    ],
  },
  bar: {
    hours: [[{ days: TUE_SUN, open: '18:00', close: '02:00' }], [{ days: EVERY_DAY, open: '17:00', close: '01:00' }]],
    price: [2, 3],
    openers: [
      '{name} is a neighbourhood bar with a long counter and a longer list of drinks.',
      'Down a narrow staircase, {name} is one of the cosiest bars in {city}.',
      '{name} pours local craft beer and pairs it with small plates.',
    ],
    details: [
      'Happy hour runs every weekday until eight.',
      'The bartenders will mix something off-menu if you tell them what you like.',
      'Live acoustic music on Thursdays.',
      'Standing room fills up fast after nine.',
    ],
  },
  nightlife: {
    hours: [[{ days: [4, 5, 6], open: '22:00', close: '05:00' }], [{ days: [5, 6], open: '21:00', close: '04:00' }]],
    price: [3, 4],
    openers: [
      '{name} brings resident and guest DJs to {city} every weekend.',
      'A lounge with a view over {city}, {name} is made for late evenings.',
    ],
    details: [
      'Smart casual dress code; the door opens at ten.',
      'Table reservations come with bottle service.',
      'The sound system was rebuilt last year.',
    ],
  },
  spa: {
    hours: [[{ days: EVERY_DAY, open: '10:00', close: '22:00' }], [{ days: TUE_SUN, open: '11:00', close: '21:00' }]],
    price: [2, 4],
    openers: [
      '{name} offers massages, baths and quiet rooms in the middle of {city}.',
      'Take an afternoon off at {name}: hot baths, a steam room and trained therapists.',
    ],
    details: [
      'Towels and robes are included.',
      'Book treatments a day ahead; the baths need no booking.',
      'Couples’ rooms are available on request.',
    ],
  },
  karaoke: {
    hours: [[{ days: EVERY_DAY, open: '12:00', close: '05:00' }]],
    price: [1, 2],
    openers: ['{name} has private rooms for two to twenty singers.', 'Sing the night away at {name}, open until dawn.'],
    details: ['Songs in more than ten languages.', 'Free-drink plans by the hour.', 'Birthday groups get a cake on the house.'],
  },
  hotel: {
    hours: [[{ days: EVERY_DAY, open: '00:00', close: '00:00' }]],
    price: [2, 4],
    openers: ['{name} is a small hotel close to the sights of {city}.', 'Rooms at {name} look over the old town of {city}.'],
    details: ['Breakfast is served until ten.', 'The front desk is open around the clock.', 'Ask about weekly rates.'],
  },
  other: {
    hours: [[{ days: MON_SAT, open: '10:00', close: '20:00' }], [{ days: EVERY_DAY, open: '09:00', close: '21:00' }]],
    price: [1, 3],
    openers: ['{name} is a local favourite in {city}.', 'Come by {name} and see why the neighbourhood loves it.'],
    details: ['Friendly staff who speak several languages.', 'Easy to reach from the nearest station.', 'Cards and cash accepted.'],
  },
};

/** Sentences that close a description, whatever the kind. */
export const CLOSERS = [
  'We look forward to your visit.',
  'Follow us for news and seasonal events.',
  'Groups are welcome; message us ahead.',
  'Cards and cash accepted.',
];

export const PARTNER_INTRO = {
  openers: [
    'Born and raised in {city}, I love showing visitors the places locals go.',
    'I moved to {city} five years ago and still discover something new every week.',
    'Friendly, curious and always up for a good conversation.',
    'I work as a guide and host in {city}, mostly in the evenings.',
  ],
  interests: [
    'I enjoy live music, street food and long walks by the water.',
    'Ask me about the best coffee in town.',
    'Photography, art galleries and night markets are my favourite things.',
    'I can recommend restaurants for every budget.',
    'I like karaoke, board games and trying new cocktails.',
  ],
  closers: ['Send me a message to say hello!', 'Happy to plan your evening.', 'Looking forward to meeting you.'],
};

export const VISIT_REPORT = {
  titles: ['Lovely evening', 'Worth the wait', 'Great value', 'Cosy and friendly', 'Will come back', 'A bit crowded but good', 'Hidden gem', 'Solid choice'],
  sentences: [
    'We went on a weekday evening and got a table straight away.',
    'The staff were attentive without being pushy.',
    'Prices are fair for the quality.',
    'It was busier than expected, so book ahead on weekends.',
    'The atmosphere is relaxed and the music not too loud.',
    'Everything we ordered came quickly and tasted fresh.',
    'The location is easy to find from the station.',
    'I would recommend it to friends visiting the city.',
    'Service slowed down later in the evening, but it was still a good night.',
    'The room is small, so expect to sit close to other guests.',
  ],
};

/** Keywords the demo accounts have searched for (their search history). */
export const DEMO_SEARCH_KEYWORDS = ['ramen', 'rooftop bar', 'spa', 'karaoke', 'coffee'];
