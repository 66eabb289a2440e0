import type { Locale } from '@/contract/enums';

/**
 * Reference geography (DESIGN section 5): regions are countries or areas, each with its cities, and every name as
 * a native speaker of each of the 15 locales writes it. Slugs are the route segments (/{lang}/{region}/{city}) and
 * never change once shipped; names may be corrected freely (the seed updates them on every start).
 *
 * Order is the array order: regions and cities are sorted by their position here (server/seed/reference-data.ts
 * turns it into `sort`), so pickers and the "hot" fallback are deterministic.
 */

export type PlaceNames = Record<Locale, string>;

export interface CityData {
  slug: string;
  names: PlaceNames;
}

export interface RegionData {
  slug: string;
  names: PlaceNames;
  cities: readonly CityData[];
}

export const REGIONS: readonly RegionData[] = [
  {
    slug: 'japan',
    names: {
      ar: 'اليابان', de: 'Japan', en: 'Japan', es: 'Japón', fr: 'Japon', hi: 'जापान', id: 'Jepang', ja: '日本', ko: '일본',
      pt: 'Japão', ru: 'Япония', th: 'ญี่ปุ่น', vi: 'Nhật Bản', 'zh-hans': '日本', 'zh-hant': '日本',
    },
    cities: [
      {
        slug: 'tokyo',
        names: {
          ar: 'طوكيو', de: 'Tokio', en: 'Tokyo', es: 'Tokio', fr: 'Tokyo', hi: 'टोक्यो', id: 'Tokyo', ja: '東京', ko: '도쿄',
          pt: 'Tóquio', ru: 'Токио', th: 'โตเกียว', vi: 'Tokyo', 'zh-hans': '东京', 'zh-hant': '東京',
        },
      },
      {
        slug: 'osaka',
        names: {
          ar: 'أوساكا', de: 'Osaka', en: 'Osaka', es: 'Osaka', fr: 'Osaka', hi: 'ओसाका', id: 'Osaka', ja: '大阪', ko: '오사카',
          pt: 'Osaka', ru: 'Осака', th: 'โอซากะ', vi: 'Osaka', 'zh-hans': '大阪', 'zh-hant': '大阪',
        },
      },
      {
        slug: 'kyoto',
        names: {
          ar: 'كيوتو', de: 'Kyōto', en: 'Kyoto', es: 'Kioto', fr: 'Kyoto', hi: 'क्योटो', id: 'Kyoto', ja: '京都', ko: '교토',
          pt: 'Quioto', ru: 'Киото', th: 'เกียวโต', vi: 'Kyoto', 'zh-hans': '京都', 'zh-hant': '京都',
        },
      },
      {
        slug: 'fukuoka',
        names: {
          ar: 'فوكوكا', de: 'Fukuoka', en: 'Fukuoka', es: 'Fukuoka', fr: 'Fukuoka', hi: 'फ़ुकुओका', id: 'Fukuoka', ja: '福岡',
          ko: '후쿠오카', pt: 'Fukuoka', ru: 'Фукуока', th: 'ฟูกูโอกะ', vi: 'Fukuoka', 'zh-hans': '福冈', 'zh-hant': '福岡',
        },
      },
      {
        slug: 'sapporo',
        names: {
          ar: 'سابورو', de: 'Sapporo', en: 'Sapporo', es: 'Sapporo', fr: 'Sapporo', hi: 'सापोरो', id: 'Sapporo', ja: '札幌',
          ko: '삿포로', pt: 'Sapporo', ru: 'Саппоро', th: 'ซัปโปโระ', vi: 'Sapporo', 'zh-hans': '札幌', 'zh-hant': '札幌',
        },
      },
    ],
  },
  {
    slug: 'south-korea',
    names: {
      ar: 'كوريا الجنوبية', de: 'Südkorea', en: 'South Korea', es: 'Corea del Sur', fr: 'Corée du Sud', hi: 'दक्षिण कोरिया',
      id: 'Korea Selatan', ja: '韓国', ko: '대한민국', pt: 'Coreia do Sul', ru: 'Южная Корея', th: 'เกาหลีใต้', vi: 'Hàn Quốc',
      'zh-hans': '韩国', 'zh-hant': '韓國',
    },
    cities: [
      {
        slug: 'seoul',
        names: {
          ar: 'سيول', de: 'Seoul', en: 'Seoul', es: 'Seúl', fr: 'Séoul', hi: 'सियोल', id: 'Seoul', ja: 'ソウル', ko: '서울',
          pt: 'Seul', ru: 'Сеул', th: 'โซล', vi: 'Seoul', 'zh-hans': '首尔', 'zh-hant': '首爾',
        },
      },
      {
        slug: 'busan',
        names: {
          ar: 'بوسان', de: 'Busan', en: 'Busan', es: 'Busan', fr: 'Busan', hi: 'बुसान', id: 'Busan', ja: '釜山', ko: '부산',
          pt: 'Busan', ru: 'Пусан', th: 'ปูซาน', vi: 'Busan', 'zh-hans': '釜山', 'zh-hant': '釜山',
        },
      },
      {
        slug: 'incheon',
        names: {
          ar: 'إنتشون', de: 'Incheon', en: 'Incheon', es: 'Incheon', fr: 'Incheon', hi: 'इंचियोन', id: 'Incheon', ja: '仁川',
          ko: '인천', pt: 'Incheon', ru: 'Инчхон', th: 'อินช็อน', vi: 'Incheon', 'zh-hans': '仁川', 'zh-hant': '仁川',
        },
      },
      {
        slug: 'jeju',
        names: {
          ar: 'جيجو', de: 'Jeju', en: 'Jeju', es: 'Jeju', fr: 'Jeju', hi: 'जेजू', id: 'Jeju', ja: '済州', ko: '제주', pt: 'Jeju',
          ru: 'Чеджу', th: 'เชจู', vi: 'Jeju', 'zh-hans': '济州', 'zh-hant': '濟州',
        },
      },
    ],
  },
  {
    slug: 'china',
    names: {
      ar: 'الصين', de: 'China', en: 'China', es: 'China', fr: 'Chine', hi: 'चीन', id: 'Tiongkok', ja: '中国', ko: '중국',
      pt: 'China', ru: 'Китай', th: 'จีน', vi: 'Trung Quốc', 'zh-hans': '中国', 'zh-hant': '中國',
    },
    cities: [
      {
        slug: 'beijing',
        names: {
          ar: 'بكين', de: 'Peking', en: 'Beijing', es: 'Pekín', fr: 'Pékin', hi: 'बीजिंग', id: 'Beijing', ja: '北京',
          ko: '베이징', pt: 'Pequim', ru: 'Пекин', th: 'ปักกิ่ง', vi: 'Bắc Kinh', 'zh-hans': '北京', 'zh-hant': '北京',
        },
      },
      {
        slug: 'shanghai',
        names: {
          ar: 'شانغهاي', de: 'Shanghai', en: 'Shanghai', es: 'Shanghái', fr: 'Shanghai', hi: 'शंघाई', id: 'Shanghai',
          ja: '上海', ko: '상하이', pt: 'Xangai', ru: 'Шанхай', th: 'เซี่ยงไฮ้', vi: 'Thượng Hải', 'zh-hans': '上海',
          'zh-hant': '上海',
        },
      },
      {
        slug: 'guangzhou',
        names: {
          ar: 'قوانغتشو', de: 'Guangzhou', en: 'Guangzhou', es: 'Cantón', fr: 'Canton', hi: 'ग्वांगझोउ', id: 'Guangzhou',
          ja: '広州', ko: '광저우', pt: 'Cantão', ru: 'Гуанчжоу', th: 'กว่างโจว', vi: 'Quảng Châu', 'zh-hans': '广州',
          'zh-hant': '廣州',
        },
      },
      {
        slug: 'shenzhen',
        names: {
          ar: 'شنجن', de: 'Shenzhen', en: 'Shenzhen', es: 'Shenzhen', fr: 'Shenzhen', hi: 'शेनझेन', id: 'Shenzhen',
          ja: '深圳', ko: '선전', pt: 'Shenzhen', ru: 'Шэньчжэнь', th: 'เซินเจิ้น', vi: 'Thâm Quyến', 'zh-hans': '深圳',
          'zh-hant': '深圳',
        },
      },
    ],
  },
  {
    slug: 'taiwan',
    names: {
      ar: 'تايوان', de: 'Taiwan', en: 'Taiwan', es: 'Taiwán', fr: 'Taïwan', hi: 'ताइवान', id: 'Taiwan', ja: '台湾', ko: '대만',
      pt: 'Taiwan', ru: 'Тайвань', th: 'ไต้หวัน', vi: 'Đài Loan', 'zh-hans': '台湾', 'zh-hant': '臺灣',
    },
    cities: [
      {
        slug: 'taipei',
        names: {
          ar: 'تايبيه', de: 'Taipeh', en: 'Taipei', es: 'Taipéi', fr: 'Taipei', hi: 'ताइपे', id: 'Taipei', ja: '台北',
          ko: '타이베이', pt: 'Taipé', ru: 'Тайбэй', th: 'ไทเป', vi: 'Đài Bắc', 'zh-hans': '台北', 'zh-hant': '臺北',
        },
      },
      {
        slug: 'kaohsiung',
        names: {
          ar: 'كاوهسيونغ', de: 'Kaohsiung', en: 'Kaohsiung', es: 'Kaohsiung', fr: 'Kaohsiung', hi: 'काओशुंग', id: 'Kaohsiung',
          ja: '高雄', ko: '가오슝', pt: 'Kaohsiung', ru: 'Гаосюн', th: 'เกาสง', vi: 'Cao Hùng', 'zh-hans': '高雄',
          'zh-hant': '高雄',
        },
      },
      {
        slug: 'taichung',
        names: {
          ar: 'تايتشونغ', de: 'Taichung', en: 'Taichung', es: 'Taichung', fr: 'Taichung', hi: 'ताइचुंग', id: 'Taichung',
          ja: '台中', ko: '타이중', pt: 'Taichung', ru: 'Тайчжун', th: 'ไถจง', vi: 'Đài Trung', 'zh-hans': '台中',
          'zh-hant': '臺中',
        },
      },
    ],
  },
  {
    slug: 'thailand',
    names: {
      ar: 'تايلاند', de: 'Thailand', en: 'Thailand', es: 'Tailandia', fr: 'Thaïlande', hi: 'थाईलैंड', id: 'Thailand',
      ja: 'タイ', ko: '태국', pt: 'Tailândia', ru: 'Таиланд', th: 'ประเทศไทย', vi: 'Thái Lan', 'zh-hans': '泰国',
      'zh-hant': '泰國',
    },
    cities: [
      {
        slug: 'bangkok',
        names: {
          ar: 'بانكوك', de: 'Bangkok', en: 'Bangkok', es: 'Bangkok', fr: 'Bangkok', hi: 'बैंकॉक', id: 'Bangkok', ja: 'バンコク',
          ko: '방콕', pt: 'Banguecoque', ru: 'Бангкок', th: 'กรุงเทพมหานคร', vi: 'Băng Cốc', 'zh-hans': '曼谷',
          'zh-hant': '曼谷',
        },
      },
      {
        slug: 'chiang-mai',
        names: {
          ar: 'شيانغ ماي', de: 'Chiang Mai', en: 'Chiang Mai', es: 'Chiang Mai', fr: 'Chiang Mai', hi: 'चियांग माई',
          id: 'Chiang Mai', ja: 'チェンマイ', ko: '치앙마이', pt: 'Chiang Mai', ru: 'Чиангмай', th: 'เชียงใหม่',
          vi: 'Chiang Mai', 'zh-hans': '清迈', 'zh-hant': '清邁',
        },
      },
      {
        slug: 'phuket',
        names: {
          ar: 'بوكيت', de: 'Phuket', en: 'Phuket', es: 'Phuket', fr: 'Phuket', hi: 'फुकेत', id: 'Phuket', ja: 'プーケット',
          ko: '푸껫', pt: 'Phuket', ru: 'Пхукет', th: 'ภูเก็ต', vi: 'Phuket', 'zh-hans': '普吉', 'zh-hant': '普吉',
        },
      },
      {
        slug: 'pattaya',
        names: {
          ar: 'باتايا', de: 'Pattaya', en: 'Pattaya', es: 'Pattaya', fr: 'Pattaya', hi: 'पटाया', id: 'Pattaya', ja: 'パタヤ',
          ko: '파타야', pt: 'Pattaya', ru: 'Паттайя', th: 'พัทยา', vi: 'Pattaya', 'zh-hans': '芭堤雅', 'zh-hant': '芭達雅',
        },
      },
    ],
  },
  {
    slug: 'vietnam',
    names: {
      ar: 'فيتنام', de: 'Vietnam', en: 'Vietnam', es: 'Vietnam', fr: 'Viêt Nam', hi: 'वियतनाम', id: 'Vietnam', ja: 'ベトナム',
      ko: '베트남', pt: 'Vietname', ru: 'Вьетнам', th: 'เวียดนาม', vi: 'Việt Nam', 'zh-hans': '越南', 'zh-hant': '越南',
    },
    cities: [
      {
        slug: 'hanoi',
        names: {
          ar: 'هانوي', de: 'Hanoi', en: 'Hanoi', es: 'Hanói', fr: 'Hanoï', hi: 'हनोई', id: 'Hanoi', ja: 'ハノイ', ko: '하노이',
          pt: 'Hanói', ru: 'Ханой', th: 'ฮานอย', vi: 'Hà Nội', 'zh-hans': '河内', 'zh-hant': '河內',
        },
      },
      {
        slug: 'ho-chi-minh-city',
        names: {
          ar: 'مدينة هو تشي منه', de: 'Ho-Chi-Minh-Stadt', en: 'Ho Chi Minh City', es: 'Ciudad Ho Chi Minh',
          fr: 'Hô Chi Minh-Ville', hi: 'हो ची मिन्ह सिटी', id: 'Kota Ho Chi Minh', ja: 'ホーチミン', ko: '호찌민',
          pt: 'Cidade de Ho Chi Minh', ru: 'Хошимин', th: 'นครโฮจิมินห์', vi: 'Thành phố Hồ Chí Minh',
          'zh-hans': '胡志明市', 'zh-hant': '胡志明市',
        },
      },
      {
        slug: 'da-nang',
        names: {
          ar: 'دا نانغ', de: 'Đà Nẵng', en: 'Da Nang', es: 'Da Nang', fr: 'Đà Nẵng', hi: 'दा नांग', id: 'Da Nang', ja: 'ダナン',
          ko: '다낭', pt: 'Da Nang', ru: 'Дананг', th: 'ดานัง', vi: 'Đà Nẵng', 'zh-hans': '岘港', 'zh-hant': '峴港',
        },
      },
    ],
  },
  {
    slug: 'indonesia',
    names: {
      ar: 'إندونيسيا', de: 'Indonesien', en: 'Indonesia', es: 'Indonesia', fr: 'Indonésie', hi: 'इंडोनेशिया', id: 'Indonesia',
      ja: 'インドネシア', ko: '인도네시아', pt: 'Indonésia', ru: 'Индонезия', th: 'อินโดนีเซีย', vi: 'Indonesia',
      'zh-hans': '印度尼西亚', 'zh-hant': '印尼',
    },
    cities: [
      {
        slug: 'jakarta',
        names: {
          ar: 'جاكرتا', de: 'Jakarta', en: 'Jakarta', es: 'Yakarta', fr: 'Jakarta', hi: 'जकार्ता', id: 'Jakarta',
          ja: 'ジャカルタ', ko: '자카르타', pt: 'Jacarta', ru: 'Джакарта', th: 'จาการ์ตา', vi: 'Jakarta', 'zh-hans': '雅加达',
          'zh-hant': '雅加達',
        },
      },
      {
        slug: 'bali',
        names: {
          ar: 'بالي', de: 'Bali', en: 'Bali', es: 'Bali', fr: 'Bali', hi: 'बाली', id: 'Bali', ja: 'バリ島', ko: '발리', pt: 'Bali',
          ru: 'Бали', th: 'บาหลี', vi: 'Bali', 'zh-hans': '巴厘岛', 'zh-hant': '峇里島',
        },
      },
      {
        slug: 'surabaya',
        names: {
          ar: 'سورابايا', de: 'Surabaya', en: 'Surabaya', es: 'Surabaya', fr: 'Surabaya', hi: 'सुराबाया', id: 'Surabaya',
          ja: 'スラバヤ', ko: '수라바야', pt: 'Surabaia', ru: 'Сурабая', th: 'สุราบายา', vi: 'Surabaya', 'zh-hans': '泗水',
          'zh-hant': '泗水',
        },
      },
    ],
  },
  {
    slug: 'india',
    names: {
      ar: 'الهند', de: 'Indien', en: 'India', es: 'India', fr: 'Inde', hi: 'भारत', id: 'India', ja: 'インド', ko: '인도',
      pt: 'Índia', ru: 'Индия', th: 'อินเดีย', vi: 'Ấn Độ', 'zh-hans': '印度', 'zh-hant': '印度',
    },
    cities: [
      {
        slug: 'mumbai',
        names: {
          ar: 'مومباي', de: 'Mumbai', en: 'Mumbai', es: 'Bombay', fr: 'Bombay', hi: 'मुंबई', id: 'Mumbai', ja: 'ムンバイ',
          ko: '뭄바이', pt: 'Mumbai', ru: 'Мумбаи', th: 'มุมไบ', vi: 'Mumbai', 'zh-hans': '孟买', 'zh-hant': '孟買',
        },
      },
      {
        slug: 'delhi',
        names: {
          ar: 'دلهي', de: 'Delhi', en: 'Delhi', es: 'Delhi', fr: 'Delhi', hi: 'दिल्ली', id: 'Delhi', ja: 'デリー', ko: '델리',
          pt: 'Deli', ru: 'Дели', th: 'เดลี', vi: 'Delhi', 'zh-hans': '德里', 'zh-hant': '德里',
        },
      },
      {
        slug: 'bengaluru',
        names: {
          ar: 'بنغالور', de: 'Bangalore', en: 'Bengaluru', es: 'Bangalore', fr: 'Bangalore', hi: 'बेंगलुरु', id: 'Bengaluru',
          ja: 'ベンガルール', ko: '벵갈루루', pt: 'Bangalore', ru: 'Бангалор', th: 'เบงคาลูรู', vi: 'Bengaluru',
          'zh-hans': '班加罗尔', 'zh-hant': '班加羅爾',
        },
      },
    ],
  },
  {
    slug: 'united-arab-emirates',
    names: {
      ar: 'الإمارات العربية المتحدة', de: 'Vereinigte Arabische Emirate', en: 'United Arab Emirates',
      es: 'Emiratos Árabes Unidos', fr: 'Émirats arabes unis', hi: 'संयुक्त अरब अमीरात', id: 'Uni Emirat Arab',
      ja: 'アラブ首長国連邦', ko: '아랍에미리트', pt: 'Emirados Árabes Unidos', ru: 'Объединённые Арабские Эмираты',
      th: 'สหรัฐอาหรับเอมิเรตส์', vi: 'Các Tiểu vương quốc Ả Rập Thống nhất', 'zh-hans': '阿拉伯联合酋长国',
      'zh-hant': '阿拉伯聯合大公國',
    },
    cities: [
      {
        slug: 'dubai',
        names: {
          ar: 'دبي', de: 'Dubai', en: 'Dubai', es: 'Dubái', fr: 'Dubaï', hi: 'दुबई', id: 'Dubai', ja: 'ドバイ', ko: '두바이',
          pt: 'Dubai', ru: 'Дубай', th: 'ดูไบ', vi: 'Dubai', 'zh-hans': '迪拜', 'zh-hant': '杜拜',
        },
      },
      {
        slug: 'abu-dhabi',
        names: {
          ar: 'أبوظبي', de: 'Abu Dhabi', en: 'Abu Dhabi', es: 'Abu Dabi', fr: 'Abou Dabi', hi: 'अबू धाबी', id: 'Abu Dhabi',
          ja: 'アブダビ', ko: '아부다비', pt: 'Abu Dhabi', ru: 'Абу-Даби', th: 'อาบูดาบี', vi: 'Abu Dhabi',
          'zh-hans': '阿布扎比', 'zh-hant': '阿布達比',
        },
      },
      {
        slug: 'sharjah',
        names: {
          ar: 'الشارقة', de: 'Schardscha', en: 'Sharjah', es: 'Sharjah', fr: 'Charjah', hi: 'शारजाह', id: 'Sharjah',
          ja: 'シャールジャ', ko: '샤르자', pt: 'Xarja', ru: 'Шарджа', th: 'ชาร์จาห์', vi: 'Sharjah', 'zh-hans': '沙迦',
          'zh-hant': '沙迦',
        },
      },
    ],
  },
  {
    slug: 'france',
    names: {
      ar: 'فرنسا', de: 'Frankreich', en: 'France', es: 'Francia', fr: 'France', hi: 'फ़्रांस', id: 'Prancis', ja: 'フランス',
      ko: '프랑스', pt: 'França', ru: 'Франция', th: 'ฝรั่งเศส', vi: 'Pháp', 'zh-hans': '法国', 'zh-hant': '法國',
    },
    cities: [
      {
        slug: 'paris',
        names: {
          ar: 'باريس', de: 'Paris', en: 'Paris', es: 'París', fr: 'Paris', hi: 'पेरिस', id: 'Paris', ja: 'パリ', ko: '파리',
          pt: 'Paris', ru: 'Париж', th: 'ปารีส', vi: 'Paris', 'zh-hans': '巴黎', 'zh-hant': '巴黎',
        },
      },
      {
        slug: 'lyon',
        names: {
          ar: 'ليون', de: 'Lyon', en: 'Lyon', es: 'Lyon', fr: 'Lyon', hi: 'ल्यों', id: 'Lyon', ja: 'リヨン', ko: '리옹',
          pt: 'Lyon', ru: 'Лион', th: 'ลียง', vi: 'Lyon', 'zh-hans': '里昂', 'zh-hant': '里昂',
        },
      },
      {
        slug: 'marseille',
        names: {
          ar: 'مرسيليا', de: 'Marseille', en: 'Marseille', es: 'Marsella', fr: 'Marseille', hi: 'मार्सेय', id: 'Marseille',
          ja: 'マルセイユ', ko: '마르세유', pt: 'Marselha', ru: 'Марсель', th: 'มาร์แซย์', vi: 'Marseille',
          'zh-hans': '马赛', 'zh-hant': '馬賽',
        },
      },
      {
        slug: 'nice',
        names: {
          ar: 'نيس', de: 'Nizza', en: 'Nice', es: 'Niza', fr: 'Nice', hi: 'नीस', id: 'Nice', ja: 'ニース', ko: '니스', pt: 'Nice',
          ru: 'Ницца', th: 'นิส', vi: 'Nice', 'zh-hans': '尼斯', 'zh-hant': '尼斯',
        },
      },
    ],
  },
  {
    slug: 'germany',
    names: {
      ar: 'ألمانيا', de: 'Deutschland', en: 'Germany', es: 'Alemania', fr: 'Allemagne', hi: 'जर्मनी', id: 'Jerman',
      ja: 'ドイツ', ko: '독일', pt: 'Alemanha', ru: 'Германия', th: 'เยอรมนี', vi: 'Đức', 'zh-hans': '德国', 'zh-hant': '德國',
    },
    cities: [
      {
        slug: 'berlin',
        names: {
          ar: 'برلين', de: 'Berlin', en: 'Berlin', es: 'Berlín', fr: 'Berlin', hi: 'बर्लिन', id: 'Berlin', ja: 'ベルリン',
          ko: '베를린', pt: 'Berlim', ru: 'Берлин', th: 'เบอร์ลิน', vi: 'Berlin', 'zh-hans': '柏林', 'zh-hant': '柏林',
        },
      },
      {
        slug: 'munich',
        names: {
          ar: 'ميونخ', de: 'München', en: 'Munich', es: 'Múnich', fr: 'Munich', hi: 'म्यूनिख', id: 'München', ja: 'ミュンヘン',
          ko: '뮌헨', pt: 'Munique', ru: 'Мюнхен', th: 'มิวนิก', vi: 'München', 'zh-hans': '慕尼黑', 'zh-hant': '慕尼黑',
        },
      },
      {
        slug: 'hamburg',
        names: {
          ar: 'هامبورغ', de: 'Hamburg', en: 'Hamburg', es: 'Hamburgo', fr: 'Hambourg', hi: 'हैम्बर्ग', id: 'Hamburg',
          ja: 'ハンブルク', ko: '함부르크', pt: 'Hamburgo', ru: 'Гамбург', th: 'ฮัมบวร์ค', vi: 'Hamburg', 'zh-hans': '汉堡',
          'zh-hant': '漢堡',
        },
      },
      {
        slug: 'frankfurt',
        names: {
          ar: 'فرانكفورت', de: 'Frankfurt am Main', en: 'Frankfurt', es: 'Fráncfort', fr: 'Francfort', hi: 'फ़्रैंकफ़र्ट',
          id: 'Frankfurt', ja: 'フランクフルト', ko: '프랑크푸르트', pt: 'Frankfurt', ru: 'Франкфурт-на-Майне',
          th: 'แฟรงก์เฟิร์ต', vi: 'Frankfurt', 'zh-hans': '法兰克福', 'zh-hant': '法蘭克福',
        },
      },
    ],
  },
  {
    slug: 'spain',
    names: {
      ar: 'إسبانيا', de: 'Spanien', en: 'Spain', es: 'España', fr: 'Espagne', hi: 'स्पेन', id: 'Spanyol', ja: 'スペイン',
      ko: '스페인', pt: 'Espanha', ru: 'Испания', th: 'สเปน', vi: 'Tây Ban Nha', 'zh-hans': '西班牙', 'zh-hant': '西班牙',
    },
    cities: [
      {
        slug: 'madrid',
        names: {
          ar: 'مدريد', de: 'Madrid', en: 'Madrid', es: 'Madrid', fr: 'Madrid', hi: 'मैड्रिड', id: 'Madrid', ja: 'マドリード',
          ko: '마드리드', pt: 'Madrid', ru: 'Мадрид', th: 'มาดริด', vi: 'Madrid', 'zh-hans': '马德里', 'zh-hant': '馬德里',
        },
      },
      {
        slug: 'barcelona',
        names: {
          ar: 'برشلونة', de: 'Barcelona', en: 'Barcelona', es: 'Barcelona', fr: 'Barcelone', hi: 'बार्सिलोना',
          id: 'Barcelona', ja: 'バルセロナ', ko: '바르셀로나', pt: 'Barcelona', ru: 'Барселона', th: 'บาร์เซโลนา',
          vi: 'Barcelona', 'zh-hans': '巴塞罗那', 'zh-hant': '巴塞隆納',
        },
      },
      {
        slug: 'seville',
        names: {
          ar: 'إشبيلية', de: 'Sevilla', en: 'Seville', es: 'Sevilla', fr: 'Séville', hi: 'सेविया', id: 'Sevilla',
          ja: 'セビリア', ko: '세비야', pt: 'Sevilha', ru: 'Севилья', th: 'เซบิยา', vi: 'Sevilla', 'zh-hans': '塞维利亚',
          'zh-hant': '塞維亞',
        },
      },
    ],
  },
  {
    slug: 'portugal',
    names: {
      ar: 'البرتغال', de: 'Portugal', en: 'Portugal', es: 'Portugal', fr: 'Portugal', hi: 'पुर्तगाल', id: 'Portugal',
      ja: 'ポルトガル', ko: '포르투갈', pt: 'Portugal', ru: 'Португалия', th: 'โปรตุเกส', vi: 'Bồ Đào Nha',
      'zh-hans': '葡萄牙', 'zh-hant': '葡萄牙',
    },
    cities: [
      {
        slug: 'lisbon',
        names: {
          ar: 'لشبونة', de: 'Lissabon', en: 'Lisbon', es: 'Lisboa', fr: 'Lisbonne', hi: 'लिस्बन', id: 'Lisboa', ja: 'リスボン',
          ko: '리스본', pt: 'Lisboa', ru: 'Лиссабон', th: 'ลิสบอน', vi: 'Lisboa', 'zh-hans': '里斯本', 'zh-hant': '里斯本',
        },
      },
      {
        slug: 'porto',
        names: {
          ar: 'بورتو', de: 'Porto', en: 'Porto', es: 'Oporto', fr: 'Porto', hi: 'पोर्टो', id: 'Porto', ja: 'ポルト', ko: '포르투',
          pt: 'Porto', ru: 'Порту', th: 'ปอร์ตู', vi: 'Porto', 'zh-hans': '波尔图', 'zh-hant': '波爾圖',
        },
      },
      {
        slug: 'faro',
        names: {
          ar: 'فارو', de: 'Faro', en: 'Faro', es: 'Faro', fr: 'Faro', hi: 'फ़ारो', id: 'Faro', ja: 'ファーロ', ko: '파루',
          pt: 'Faro', ru: 'Фару', th: 'ฟารู', vi: 'Faro', 'zh-hans': '法鲁', 'zh-hant': '法魯',
        },
      },
    ],
  },
  {
    slug: 'russia',
    names: {
      ar: 'روسيا', de: 'Russland', en: 'Russia', es: 'Rusia', fr: 'Russie', hi: 'रूस', id: 'Rusia', ja: 'ロシア',
      ko: '러시아', pt: 'Rússia', ru: 'Россия', th: 'รัสเซีย', vi: 'Nga', 'zh-hans': '俄罗斯', 'zh-hant': '俄羅斯',
    },
    cities: [
      {
        slug: 'moscow',
        names: {
          ar: 'موسكو', de: 'Moskau', en: 'Moscow', es: 'Moscú', fr: 'Moscou', hi: 'मॉस्को', id: 'Moskwa', ja: 'モスクワ',
          ko: '모스크바', pt: 'Moscovo', ru: 'Москва', th: 'มอสโก', vi: 'Moskva', 'zh-hans': '莫斯科', 'zh-hant': '莫斯科',
        },
      },
      {
        slug: 'saint-petersburg',
        names: {
          ar: 'سانت بطرسبرغ', de: 'Sankt Petersburg', en: 'Saint Petersburg', es: 'San Petersburgo',
          fr: 'Saint-Pétersbourg', hi: 'सेंट पीटर्सबर्ग', id: 'Sankt-Peterburg', ja: 'サンクトペテルブルク',
          ko: '상트페테르부르크', pt: 'São Petersburgo', ru: 'Санкт-Петербург', th: 'เซนต์ปีเตอร์สเบิร์ก',
          vi: 'Sankt-Peterburg', 'zh-hans': '圣彼得堡', 'zh-hant': '聖彼得堡',
        },
      },
      {
        slug: 'sochi',
        names: {
          ar: 'سوتشي', de: 'Sotschi', en: 'Sochi', es: 'Sochi', fr: 'Sotchi', hi: 'सोची', id: 'Sochi', ja: 'ソチ', ko: '소치',
          pt: 'Sochi', ru: 'Сочи', th: 'โซชี', vi: 'Sochi', 'zh-hans': '索契', 'zh-hant': '索契',
        },
      },
    ],
  },
  {
    slug: 'united-states',
    names: {
      ar: 'الولايات المتحدة', de: 'Vereinigte Staaten', en: 'United States', es: 'Estados Unidos', fr: 'États-Unis',
      hi: 'संयुक्त राज्य अमेरिका', id: 'Amerika Serikat', ja: 'アメリカ合衆国', ko: '미국', pt: 'Estados Unidos', ru: 'США',
      th: 'สหรัฐอเมริกา', vi: 'Hoa Kỳ', 'zh-hans': '美国', 'zh-hant': '美國',
    },
    cities: [
      {
        slug: 'new-york',
        names: {
          ar: 'نيويورك', de: 'New York', en: 'New York', es: 'Nueva York', fr: 'New York', hi: 'न्यूयॉर्क', id: 'New York',
          ja: 'ニューヨーク', ko: '뉴욕', pt: 'Nova Iorque', ru: 'Нью-Йорк', th: 'นิวยอร์ก', vi: 'New York',
          'zh-hans': '纽约', 'zh-hant': '紐約',
        },
      },
      {
        slug: 'los-angeles',
        names: {
          ar: 'لوس أنجلوس', de: 'Los Angeles', en: 'Los Angeles', es: 'Los Ángeles', fr: 'Los Angeles', hi: 'लॉस एंजेलिस',
          id: 'Los Angeles', ja: 'ロサンゼルス', ko: '로스앤젤레스', pt: 'Los Angeles', ru: 'Лос-Анджелес',
          th: 'ลอสแอนเจลิส', vi: 'Los Angeles', 'zh-hans': '洛杉矶', 'zh-hant': '洛杉磯',
        },
      },
      {
        slug: 'las-vegas',
        names: {
          ar: 'لاس فيغاس', de: 'Las Vegas', en: 'Las Vegas', es: 'Las Vegas', fr: 'Las Vegas', hi: 'लास वेगास',
          id: 'Las Vegas', ja: 'ラスベガス', ko: '라스베이거스', pt: 'Las Vegas', ru: 'Лас-Вегас', th: 'ลาสเวกัส',
          vi: 'Las Vegas', 'zh-hans': '拉斯维加斯', 'zh-hant': '拉斯維加斯',
        },
      },
      {
        slug: 'miami',
        names: {
          ar: 'ميامي', de: 'Miami', en: 'Miami', es: 'Miami', fr: 'Miami', hi: 'मियामी', id: 'Miami', ja: 'マイアミ',
          ko: '마이애미', pt: 'Miami', ru: 'Майами', th: 'ไมแอมี', vi: 'Miami', 'zh-hans': '迈阿密', 'zh-hant': '邁阿密',
        },
      },
    ],
  },
  {
    slug: 'brazil',
    names: {
      ar: 'البرازيل', de: 'Brasilien', en: 'Brazil', es: 'Brasil', fr: 'Brésil', hi: 'ब्राज़ील', id: 'Brasil', ja: 'ブラジル',
      ko: '브라질', pt: 'Brasil', ru: 'Бразилия', th: 'บราซิล', vi: 'Brasil', 'zh-hans': '巴西', 'zh-hant': '巴西',
    },
    cities: [
      {
        slug: 'rio-de-janeiro',
        names: {
          ar: 'ريو دي جانيرو', de: 'Rio de Janeiro', en: 'Rio de Janeiro', es: 'Río de Janeiro', fr: 'Rio de Janeiro',
          hi: 'रियो डी जनेरियो', id: 'Rio de Janeiro', ja: 'リオデジャネイロ', ko: '리우데자네이루', pt: 'Rio de Janeiro',
          ru: 'Рио-де-Жанейро', th: 'รีโอเดจาเนโร', vi: 'Rio de Janeiro', 'zh-hans': '里约热内卢', 'zh-hant': '里約熱內盧',
        },
      },
      {
        slug: 'sao-paulo',
        names: {
          ar: 'ساو باولو', de: 'São Paulo', en: 'São Paulo', es: 'São Paulo', fr: 'São Paulo', hi: 'साओ पाउलो',
          id: 'São Paulo', ja: 'サンパウロ', ko: '상파울루', pt: 'São Paulo', ru: 'Сан-Паулу', th: 'เซาเปาลู',
          vi: 'São Paulo', 'zh-hans': '圣保罗', 'zh-hant': '聖保羅',
        },
      },
      {
        slug: 'salvador',
        names: {
          ar: 'سلفادور', de: 'Salvador', en: 'Salvador', es: 'Salvador de Bahía', fr: 'Salvador', hi: 'साल्वाडोर',
          id: 'Salvador', ja: 'サルヴァドール', ko: '사우바도르', pt: 'Salvador', ru: 'Салвадор', th: 'ซัลวาดอร์',
          vi: 'Salvador', 'zh-hans': '萨尔瓦多', 'zh-hant': '薩爾瓦多',
        },
      },
    ],
  },
];

/** `sort` of the region and city at these positions: gaps of 10 leave room to insert places later. */
export const placeSort = (index: number) => (index + 1) * 10;
