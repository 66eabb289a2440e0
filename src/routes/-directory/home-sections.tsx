import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo, useContext, useDeferredValue, useMemo } from 'react';
import type * as merchantCalls from '@/contract/calls/merchant';
import type * as partnerCalls from '@/contract/calls/partner';
import type { ApiCall, ResponseOf } from '@/contract/call';
import type { Locale } from '@/contract/enums';
import { type FirstCall, HOME_CALLS } from '@/contract/first-paint';
import { BrowseSection, CardSkeletons, ChipSkeletons, PlaceChips, SectionState, SeeAllLink } from '@/ui/directory/browse-section';
import { requestErrorText } from '@/ui/directory/directory-names';
import { MerchantCard, PartnerCard } from '@/ui/directory/listing-card';
import { EmptyState } from '@/ui/directory/listing-list';
import { AppLink } from '@/ui/kit/link';
import { AppSystemContext } from '../-app/app-context';
import type { AppSystem } from '../-app/app-system';
import { useFirstAnswer } from '../-app/kept-first-answers';
import { directoryOf } from './directory-data';
import { listingHref, placeHref, useCityNames, useListingNames } from './listing-links';
import { type Load, useLoad } from './use-load';

/**
 * The home page's sections (issue 4): hot cities, regions, new and popular venues, new profiles. Loaded as a chunk
 * of its own after the first paint (the home route's initial JavaScript has a budget), each section with its own
 * skeleton, empty state and retry.
 */
export default function HomeSections({ lang }: { lang: Locale }) {
  // The system as a promise, not awaited here: a server-rendered home (src/contract/first-paint.ts) renders, and
  // hydrates, with the answers it came with, before the system has loaded; the calls wait for it only when they run.
  const system = useContext(AppSystemContext)!;
  const { t, i18n } = useLingui();
  // Each answer is rendered at transition priority (useDeferredValue): React renders it in slices between which
  // the browser can answer a tap, instead of one long task per answer on a phone's CPU. Status and data are
  // deferred together, so a section never shows "ready" without its data.
  const hot = useDeferredValue(useCall(system, HOME_CALLS.hot));
  const geography = useDeferredValue(
    useLoad(async () => directoryOf(await system).geography(lang), useFirstAnswer(HOME_CALLS.geography)),
  );
  const newest = useDeferredValue(useCall(system, HOME_CALLS.newest));
  const popular = useDeferredValue(useCall(system, HOME_CALLS.popular));
  const profiles = useDeferredValue(useCall(system, HOME_CALLS.profiles));
  const names = useDeferredValue(useListingNames(system, lang));
  const cityNames = useCityNames(geography.data);
  const searchLink = (
    <AppLink className="button button--secondary" href={`/${lang}/search`}>
      <Trans>Search for a city</Trans>
    </AppLink>
  );
  const errorOf = (load: Load<unknown>) => requestErrorText(i18n, load.error);

  const regionCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const city of geography.data?.cities ?? []) counts.set(city.region_slug, (counts.get(city.region_slug) ?? 0) + 1);
    return counts;
  }, [geography.data]);

  return (
    <div className="home-sections">
      <BrowseSection title={<Trans>Popular cities</Trans>} icon="trendUp" more={<SeeAllLink href={`/${lang}/search`} section={t`Popular cities`} />}>
        <SectionState
          status={hot.status}
          error={errorOf(hot)}
          onRetry={hot.retry}
          skeleton={<ChipSkeletons />}
          isEmpty={(hot.data ?? []).length === 0}
          empty={<EmptyState title={<Trans>No city is trending yet.</Trans>}>{searchLink}</EmptyState>}
        >
          <PlaceChips
            label={t`Popular cities`}
            chips={(hot.data ?? []).map((city) => ({ key: `${city.id}`, href: placeHref(lang, city.region_slug, city.slug), label: city.name }))}
          />
        </SectionState>
      </BrowseSection>

      <BrowseSection title={<Trans>Regions</Trans>} icon="pin">
        <SectionState
          status={geography.status}
          error={errorOf(geography)}
          onRetry={geography.retry}
          skeleton={<ChipSkeletons />}
          isEmpty={(geography.data?.regions ?? []).length === 0}
          empty={<EmptyState title={<Trans>No regions yet.</Trans>} />}
        >
          <PlaceChips
            label={t`Regions`}
            chips={[...(geography.data?.regions ?? [])]
              .sort((a, b) => a.sort - b.sort)
              .map((region) => {
                const count = regionCounts.get(region.slug) ?? 0;
                return {
                  key: region.slug,
                  href: placeHref(lang, region.slug),
                  label: region.name,
                  detail: <Plural value={count} one="# city" other="# cities" />,
                };
              })}
          />
        </SectionState>
      </BrowseSection>

      {(
        [
          { load: newest, title: <Trans>New venues</Trans>, label: t`New venues`, icon: 'clock', sort: 'newest' },
          { load: popular, title: <Trans>Popular venues</Trans>, label: t`Popular venues`, icon: 'heart', sort: 'popular' },
        ] as const
      ).map(({ load, title, label, icon, sort }) => (
        <BrowseSection key={label} title={title} icon={icon} more={<SeeAllLink href={`/${lang}/merchant?sort=${sort}`} section={label} />}>
          <SectionState
            status={load.status}
            error={errorOf(load)}
            onRetry={load.retry}
            skeleton={<CardSkeletons />}
            isEmpty={(load.data?.list ?? []).length === 0}
            empty={<EmptyState title={<Trans>No venues yet.</Trans>}>{searchLink}</EmptyState>}
          >
            <MerchantRow label={label} list={load.data?.list} lang={lang} names={names} cityNames={cityNames} eager={icon === 'clock'} />
          </SectionState>
        </BrowseSection>
      ))}

      <BrowseSection
        title={<Trans>New profiles</Trans>}
        icon="clock"
        more={<SeeAllLink href={`/${lang}/partner?sort=newest`} section={t`New profiles`} />}
      >
        <SectionState
          status={profiles.status}
          error={errorOf(profiles)}
          onRetry={profiles.retry}
          skeleton={<CardSkeletons />}
          isEmpty={(profiles.data?.list ?? []).length === 0}
          empty={<EmptyState title={<Trans>No profiles yet.</Trans>}>{searchLink}</EmptyState>}
        >
          <PartnerRow label={t`New profiles`} list={profiles.data?.list} lang={lang} names={names} cityNames={cityNames} />
        </SectionState>
      </BrowseSection>
    </div>
  );
}

/** One home call, asked once the system has loaded, unless the page came with its answer. */
function useCall<C extends ApiCall>(system: Promise<AppSystem>, first: FirstCall<C>): Load<ResponseOf<C>> {
  return useLoad(
    (signal) => system.then((s) => s.api.call(first.call, first.payload, { signal }) as Promise<ResponseOf<C>>),
    useFirstAnswer(first),
  );
}

interface RowProps<T> {
  label: string;
  list: readonly T[] | undefined;
  lang: Locale;
  names: ReturnType<typeof useListingNames>;
  cityNames: ReadonlyMap<number, string>;
  /** The first screen's row: its first two photos load at once, at high priority (the page's largest paint). */
  eager?: boolean;
}

/**
 * One row of cards. Memoised: each of the page's six requests re-renders the sections as it lands, and a row whose
 * own data did not change is skipped (on a phone's CPU each row's render is a long task of its own).
 */
const MerchantRow = memo(function MerchantRow({ label, list, lang, names, cityNames, eager }: RowProps<merchantCalls.MerchantSummary>) {
  return (
    <ul className="listing-grid" aria-label={label}>
      {(list ?? []).map((merchant, index) => (
        <li key={merchant.id}>
          <MerchantCard
            merchant={merchant}
            href={listingHref(lang, 'merchant', merchant.id)}
            names={names}
            place={cityNames.get(merchant.city_id)}
            eager={eager && index < 2}
          />
        </li>
      ))}
    </ul>
  );
});

const PartnerRow = memo(function PartnerRow({ label, list, lang, names, cityNames }: RowProps<partnerCalls.PartnerSummary>) {
  return (
    <ul className="listing-grid" aria-label={label}>
      {(list ?? []).map((partner) => (
        <li key={partner.id}>
          <PartnerCard partner={partner} href={listingHref(lang, 'partner', partner.id)} names={names} place={cityNames.get(partner.city_id)} />
        </li>
      ))}
    </ul>
  );
});
