import type { Messages } from './en';

export const ja: Messages = {
  'app.name': 'Venuely',

  'envelope.malformed': 'リクエストを読み取れませんでした。',
  'envelope.badSign': 'リクエストの署名が無効です。',
  'envelope.clock': 'リクエストの時刻とサーバーの時刻のずれが大きすぎます。お使いの端末の日付と時刻を確認してください。',
  'envelope.replay': 'このリクエストはすでに受信済みです。',
  'envelope.undecryptable': 'リクエストのデータを復号できませんでした。',
  'envelope.debugDisabled': 'このサーバーでは、暗号化されていないリクエストは受け付けていません。',
  'request.tooLarge': 'リクエストのサイズが大きすぎます。',

  'validation.invalid': '「{field}」の値が正しくありません。',
  'validation.surrogate': '「{field}」に壊れた文字（対になっていないサロゲート）が含まれています。削除してからもう一度お試しください。',
  'validation.required': '「{field}」を入力してください。',
  'validation.email': '有効なメールアドレスを入力してください。',
  'validation.min': '「{field}」は{min}文字以上で入力してください。',
  'validation.max': '「{field}」は{max}文字以内で入力してください。',
  'validation.numberMin': '「{field}」には{min}以上の値を入力してください。',
  'validation.numberMax': '「{field}」には{max}以下の値を入力してください。',
  'validation.username': 'ユーザー名に使用できるのは、文字、数字、ピリオド（.）、ハイフン（-）、アンダースコア（_）のみです。',
  'validation.emailCode': 'メールに記載された6桁のコードを入力してください。',
  'validation.tokenInvalid': 'このリンクは無効です。新しいリンクをリクエストしてください。',
  'validation.empty': '変更する内容がありません。',

  'auth.required': '先にログインしてください。',
  'auth.tokenExpired': 'セッションの有効期限が切れました。もう一度ログインしてください。',
  'auth.forbidden': 'この操作を行う権限がありません。',

  'account.usernameTaken': 'このユーザー名はすでに使用されています。',
  'account.emailTaken': 'このメールアドレスはすでに登録されています。',
  'account.loginFailed': 'アカウントまたはパスワードが正しくありません。',
  'account.passwordWrong': '現在のパスワードが正しくありません。',
  'account.passwordSame': '新しいパスワードは、現在のパスワードとは異なるものにしてください。',
  'account.resetInvalid': 'このパスワード再設定リンクは無効か、有効期限が切れています。新しいリンクをリクエストしてください。',
  'account.emailCodeInvalid': 'コードが正しくないか、有効期限が切れています。新しいコードをリクエストしてください。',
  'account.emailVerified': 'メールアドレスはすでに認証済みです。',

  'rate.limited': '試行回数が多すぎます。{seconds}秒後にもう一度お試しください。',

  'image.missing': 'アップロードする画像を選択してください。',
  'image.tooLarge': '画像のサイズが{mb}MBを超えています。',
  'image.invalid': 'このファイルは対応している画像形式（JPEG、PNG、WebP、GIF、AVIF、HEIC）ではありません。',
  'image.tooManyPixels': '画像の画素数が多すぎます。{megapixels}メガピクセル以下の画像を選択してください。',

  'listing.notFound': 'この掲載情報は存在しないか、現在は公開されていません。',
  'listing.cursorInvalid': 'このリストの位置は無効になりました。リストを再読み込みしてください。',
  'listing.regionUnknown': 'この地域は存在しません。',
  'listing.cityUnknown': 'この都市は存在しません。',
  'listing.dictUnknown': '「{field}」に有効な値を選択してください。',
  'listing.cannotPostMerchant': '店舗を掲載するには、本人確認（KYC）と有効な有料メンバーシップが必要です。',
  'listing.cannotPostPartner': 'プロフィールを掲載するには本人確認（KYC）が必要です。2件目以降のプロフィールには有効な有料メンバーシップも必要です。',
  'listing.coverRequired': 'カバー画像を追加してください。',
  'listing.photoRequired': '写真を1枚以上追加してください。',
  'listing.tooManyPhotos': '1件の掲載に追加できる写真は{max}枚までです。',
  'listing.photoUnknown': '残す写真の中に、この掲載のものではない写真が含まれています。',
  'listing.merchantUnavailable': '選択した店舗は存在しないか、公開されていません。',
  'listing.unlockPriceRange': 'チャットのロック解除価格は {min}〜{max} ポイントの範囲で設定してください。',

  'server.notFound': '見つかりませんでした。',
  'server.error': 'サーバーで問題が発生しました。しばらくしてからもう一度お試しください。',
  'search.cityUnknown': 'この都市は存在しません。一覧から都市を選んでください。',

  'social.userNotFound': 'このユーザーは存在しません。',
  'social.messageNotFound': 'このメッセージは存在しません。',
  'visitReport.ownVenue': 'ご自身の店舗の訪問レポートは投稿できません。',
  'feedback.typeUnknown': '一覧からフィードバックの種類を選択してください。',
  'report.reasonUnknown': '一覧から理由を選択してください。',
  'report.self': 'ご自身やご自身の掲載情報を通報することはできません。',

  'vip.monthly': '月額メンバーシップ（{date}まで）',
  'vip.annual': '年額メンバーシップ（{date}まで）',

  'mail.greeting': '{name} 様',
  'mail.signature': '{app} チーム',
  'mail.reset.subject': '【{app}】パスワード再設定のご案内',
  'mail.reset.body':
    'お使いのアカウントのパスワード再設定のリクエストを受け付けました。30分以内に以下のリンクを開き、新しいパスワードを設定してください。',
  'mail.reset.ignore': 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  'mail.code.subject': '【{app}】認証コード：{code}',
  'mail.code.body': 'メールアドレスの認証コードは {code} です。有効期限は10分間で、1回のみご利用いただけます。',
  'mail.code.ignore': 'このコードをリクエストした覚えがない場合は、このメールを無視してください。',
};
