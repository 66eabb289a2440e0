import { notFound } from '@tanstack/react-router';
import * as dict from '@/contract/calls/dict';
import type { DictItem } from '@/contract/calls/dict';
import type { VisitReport } from '@/contract/calls/feedback';
import * as merchant from '@/contract/calls/merchant';
import * as partner from '@/contract/calls/partner';
import type { Locale } from '@/contract/enums';
import { venueCalls } from '@/contract/first-paint';
import { firstAnswer } from '@/services/first-data';
import type { PagedList } from '@/contract/shapes';
import { isApiError } from '@/services/api-client';
import type { ListingDictionaries } from '@/services/directory-cache';
import type { AppSystem } from '../-app/app-system';
import { directoryOf } from '../-directory/directory-data';

/**
 * The loaders of the listing detail pages. Route loaders rather than machines: the router shows the skeleton
 * (pendingComponent) and the error page with retry (errorComponent), and re-runs them after login and logout
 * (the session's refresh hooks invalidate the router), so `is_favorite` and the visit reports' preview follow the
 * viewer.
 */

/**
 * The detail call's answer, or the router's not-found for a refusal: the server answers an unknown, hidden or
 * unpublished listing alike (status 0), and the page shows the 404 page for all of them. Network failures and
 * server errors stay errors (the error page, with retry).
 */
async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.kind === 'server') throw notFound();
    throw error;
  }
}

/** Reference data is a nicety on a detail page: without it the page shows what needs no dictionary. */
function orEmpty(dicts: Promise<ListingDictionaries>): Promise<ListingDictionaries> {
  return dicts.catch(() => ({}));
}

export interface MerchantPageData {
  merchant: merchant.MerchantDetail;
  dicts: ListingDictionaries;
  /** The latest visit reports; null when they could not be loaded (the page links to the list). */
  reports: PagedList<VisitReport> | null;
}

export async function loadMerchantPage(pending: Promise<AppSystem>, id: number, lang: Locale, signal: AbortSignal): Promise<MerchantPageData> {
  // A server-rendered venue page (src/contract/first-paint.ts) came with what it was rendered with.
  const calls = venueCalls(id);
  const [embedded, embeddedDicts, embeddedReports] = [firstAnswer(calls.detail), firstAnswer(calls.dictionaries), firstAnswer(calls.reports)];
  if (embedded && embeddedDicts && embeddedReports) return { merchant: embedded, dicts: embeddedDicts, reports: embeddedReports };
  const system = await pending;
  const [detail, dicts, reports] = await Promise.all([
    // The same calls the server renders the page with, so an embedded answer and an asked one are the same answer.
    orNotFound(system.api.call(calls.detail.call, calls.detail.payload, { signal })),
    orEmpty(directoryOf(system).dictionaries(lang)),
    system.api.call(calls.reports.call, calls.reports.payload, { signal }).catch(() => null),
  ]);
  return { merchant: detail, dicts, reports };
}

/** drive_type is not among the dictionaries the browse screens cache; the profile page keeps its own per locale. */
const driveTypes = new Map<Locale, Promise<DictItem[]>>();

function driveTypesOf(system: AppSystem, lang: Locale): Promise<DictItem[]> {
  const cached = driveTypes.get(lang);
  if (cached) return cached;
  const pending = system.api.call(dict.driveType, {}).catch((error: unknown) => {
    driveTypes.delete(lang);
    throw error;
  });
  driveTypes.set(lang, pending);
  return pending;
}

export interface PartnerPageData {
  partner: partner.PartnerDetail;
  dicts: ListingDictionaries;
}

export async function loadPartnerPage(pending: Promise<AppSystem>, id: number, lang: Locale, signal: AbortSignal): Promise<PartnerPageData> {
  const system = await pending;
  const [detail, dicts, drive] = await Promise.all([
    orNotFound(system.api.call(partner.detail, { id }, { signal })),
    orEmpty(directoryOf(system).dictionaries(lang)),
    driveTypesOf(system, lang).catch(() => null),
  ]);
  return { partner: detail, dicts: drive ? { ...dicts, drive_type: drive } : dicts };
}

/** The venue's name for the visit report page (its heading and not-found check). */
export async function loadVisitReportPage(pending: Promise<AppSystem>, id: number, signal: AbortSignal) {
  const system = await pending;
  return { merchant: await orNotFound(system.api.call(merchant.detail, { id }, { signal })) };
}
