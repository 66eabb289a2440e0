/**
 * A listing id in a path: digits, no leading zero, within PostgreSQL's integer range (the contract's ID_MAX,
 * written out here: route configs are in the initial bundle, which must not pull in zod or the contract's calls).
 */
export function isListingId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}
