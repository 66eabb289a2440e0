import { paramsWhere } from '../-app/guards';

/**
 * A listing id in a path: digits, no leading zero, within PostgreSQL's integer range (the contract's ID_MAX,
 * written out here: route configs are in the initial bundle, which must not pull in zod or the contract's calls).
 */
export function isListingId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}

/** `params.parse` of the routes of one listing (/merchant/{id}, /partner/{id}, the owner's edit and preview pages). */
export const listingIdParams = paramsWhere((params: { id: string }) => isListingId(params.id));
