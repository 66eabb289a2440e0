/**
 * The account menu entries of spec section 2, in display order. Which of them a user sees depends on the level
 * (spec section 6); the route decides and passes the entries to `AccountMenu`.
 */
export const ACCOUNT_MENU_KEYS = [
  'kycCertification',
  'accountSetting',
  'publishStoreInfo',
  'contentManage',
  'walletRecharge',
  'transactionHistory',
  'cardManage',
  'langSwitch',
  'termsOfUse',
  'privacyPolicy',
  'aboutUs',
  'logout',
  'feedback',
] as const;
export type AccountMenuKey = (typeof ACCOUNT_MENU_KEYS)[number];

export function isAccountMenuKey(value: string): value is AccountMenuKey {
  return (ACCOUNT_MENU_KEYS as readonly string[]).includes(value);
}
