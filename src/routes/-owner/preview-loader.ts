import { notFound } from '@tanstack/react-router';
import * as content from '@/contract/calls/content';
import * as dict from '@/contract/calls/dict';
import type { OwnMerchantDetail as MerchantDetail } from '@/contract/calls/merchant';
import type { OwnPartnerDetail as PartnerDetail } from '@/contract/calls/partner';
import type { Locale } from '@/contract/enums';
import type { ListingSource } from '@/contract/shapes';
import { isApiError } from '@/services/api-client';
import type { ListingDictionaries } from '@/services/directory-cache';
import type { AppSystem } from '../-app/app-system';
import { directoryOf } from '../-directory/directory-data';

/**
 * The owner's preview data (user/merchant_detail, user/partner_detail) and the names its ids stand for. Imported
 * by the preview routes' loaders with `import()`, so the calls' schemas stay out of the initial bundle.
 */

export type OwnPreviewData =
  | { source: 'merchant'; listing: MerchantDetail; dicts: ListingDictionaries }
  | { source: 'partner'; listing: PartnerDetail; dicts: ListingDictionaries };

/** Another member's id, or one that does not exist, is refused alike (status 0): the 404 page for both. */
async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.kind === 'server') throw notFound();
    throw error;
  }
}

export async function loadOwnPreview(
  pending: Promise<AppSystem>,
  source: ListingSource,
  id: number,
  lang: Locale,
  signal: AbortSignal,
): Promise<OwnPreviewData> {
  const system = await pending;
  // The names are a nicety: without them the preview shows what needs no dictionary.
  const dicts = directoryOf(system)
    .dictionaries(lang)
    .catch((): ListingDictionaries => ({}));
  if (source === 'merchant') {
    const [listing, names] = await Promise.all([orNotFound(system.api.call(content.merchantDetail, { id }, { signal })), dicts]);
    return { source, listing, dicts: names };
  }
  const [listing, names, driveTypes] = await Promise.all([
    orNotFound(system.api.call(content.partnerDetail, { id }, { signal })),
    dicts,
    system.api.call(dict.driveType, {}, { signal }).catch(() => null),
  ]);
  return { source, listing, dicts: driveTypes ? { ...names, drive_type: driveTypes } : names };
}
