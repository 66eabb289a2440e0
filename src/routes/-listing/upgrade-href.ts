/** The membership upgrade screen (spec section 2: /member/upgrade, auth), where the visit reports' call to action leads. */
export function useUpgradeHref(lang: string): string | undefined {
  return `/${lang}/member/upgrade`;
}
