import type { ListingSource } from '@/contract/shapes';

/**
 * Paths of the owner screens, and the checks of their params. Route configs use the checks, and route configs are
 * in the initial bundle: so no zod here (the contract's shapes would bring it), only types from it.
 */

const SOURCES: readonly ListingSource[] = ['merchant', 'partner'];

export function isListingSource(value: string): value is ListingSource {
  return (SOURCES as readonly string[]).includes(value);
}

export const ownerHrefs = {
  member: (lang: string) => `/${lang}/member`,
  content: (lang: string, source: ListingSource) => `/${lang}/member/content/${source}`,
  publish: (lang: string, source: ListingSource) => `/${lang}/member/${source}/publish`,
  modify: (lang: string, source: ListingSource, id: number) => `/${lang}/member/${source}/${id}/modify`,
  preview: (lang: string, source: ListingSource, id: number) => `/${lang}/member/${source}/${id}/preview`,
  /** The public page of a listing. */
  listing: (lang: string, source: ListingSource, id: number) => `/${lang}/${source}/${id}`,
};
