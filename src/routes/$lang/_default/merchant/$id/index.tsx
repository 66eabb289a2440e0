import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense, useContext, useDeferredValue } from 'react';
import type { VisitReport } from '@/contract/calls/feedback';
import type { Locale } from '@/contract/enums';
import { selectIsLoggedIn } from '@/machines/account/session.machine';
import { Button } from '@/ui/kit/button';
import { dictionaryNames, namesOf } from '@/ui/directory/directory-names';
import { ListingIcon } from '@/ui/directory/listing-icons';
import { AppLink } from '@/ui/kit/link';
import { MerchantDetailView, merchantImages } from '@/ui/directory/merchant-detail';
import { VisitReportCard, VisitReportList } from '@/ui/directory/visit-report-card';
import { AppSystemContext, useAppSystem } from '@/routes/-app/app-context';
import { useImageViewer } from '@/routes/-app/image-viewer';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { placeHref } from '@/routes/-directory/listing-links';
import { DetailNotFound, DetailPending, DetailRouteError } from '@/routes/-listing/detail-route-parts';
import { listingIdParams } from '@/routes/-listing/listing-id';
import { reportDialogSearch } from '@/routes/-listing/dialog-search';
import { FavoriteToggle } from '@/routes/-listing/favorite-toggle';
import { ReportDialogHost } from '@/routes/-listing/report-dialog-host';
import { useUpgradeHref } from '@/routes/-listing/upgrade-href';
import { loadAppLibraries } from '@/routes/-app/app-libraries';

/** /merchant/{id}: a venue's page. Unknown, hidden and unpublished venues are the 404 page alike. */
export const Route = createFileRoute('/$lang/_default/merchant/$id/')({
  params: { parse: listingIdParams },
  // The page's code needs zod and the contract: they are evaluated first, a step per task (app-libraries.ts), before
  // the router loads the page's chunk and its loader's.
  beforeLoad: loadAppLibraries,
  validateSearch: reportDialogSearch,
  // Loaded on demand: route configs are in the initial bundle, the contract's calls (and zod) are not.
  loader: async ({ context, params, abortController }) => {
    const { loadMerchantPage } = await import('@/routes/-listing/detail-loaders');
    return loadMerchantPage(context.system, Number(params.id), params.lang as Locale, abortController.signal);
  },
  pendingComponent: DetailPending,
  pendingMs: 150,
  errorComponent: DetailRouteError,
  notFoundComponent: DetailNotFound,
  component: MerchantPage,
});

function MerchantPage() {
  const { lang, id } = Route.useParams();
  const { dialog } = Route.useSearch();
  const { merchant, dicts, reports } = Route.useLoaderData();
  // The system as a promise: a server-rendered venue page (src/contract/first-paint.ts) renders, and hydrates,
  // before it has loaded; a tap on "Report" starts it.
  const pending = useContext(AppSystemContext)!;
  const navigate = useNavigate();
  const photoViewer = useImageViewer();
  const upgradeHref = useUpgradeHref(lang);
  useDocumentTitle(merchant.name);
  // The page paints first; its visit reports (below the fold) follow in a render of their own at transition
  // priority, so a phone's CPU does not run the whole page as one long task.
  const reportsShown = useDeferredValue(true, false);

  const names = dictionaryNames(dicts);
  const typeName = names.merchant_type?.get(merchant.merchant_type) ?? null;
  const base = `/${lang}/merchant/${id}`;
  const reportsHref = `${base}/visit-report`;
  const images = merchantImages(merchant);
  const openReport = () =>
    void pending.then(({ session }) =>
      session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `${base}?dialog=report` } } }),
    );
  const closeReport = () => void navigate({ to: '/$lang/merchant/$id', params: { lang, id }, search: {}, replace: true });
  const openReportPhoto = (report: VisitReport, index: number) =>
    photoViewer.open(
      report.photos.map((photo) => ({ src: photo.image, thumb: photo.thumb, alt: report.title })),
      index,
    );

  return (
    <>
      <MerchantDetailView
        merchant={merchant}
        typeName={typeName}
        tagNames={namesOf(names, 'merchant_tag', merchant.tags)}
        backHref={placeHref(lang, merchant.region_slug, merchant.city_slug, 'merchant')}
        onOpenPhoto={(index) => photoViewer.open(images.map((image) => ({ src: image.image, thumb: image.thumb, alt: merchant.name })), index)}
        actions={
          <>
            <FavoriteToggle source="merchant" id={merchant.id} isFavorite={merchant.is_favorite} />
            <Button variant="link" onClick={openReport}>
              <ListingIcon name="flag" size={20} />
              <Trans>Report this venue</Trans>
            </Button>
          </>
        }
        reports={
          <>
            {!reportsShown ? (
              <VisitReportList reports={[]} status="loading" onOpenPhoto={openReportPhoto} onMore={() => {}} onRetry={() => {}} />
            ) : reports === null ? (
              <p className="detail-muted">
                <Trans>The visit reports could not be loaded.</Trans>
              </p>
            ) : reports.list.length === 0 ? (
              <p className="detail-muted">
                <Trans>No visit reports yet. Be the first to write one.</Trans>
              </p>
            ) : (
              <ul className="visit-report-items">
                {reports.list.map((report) => (
                  <li key={report.id}>
                    <VisitReportCard report={report} upgradeHref={upgradeHref} onOpenPhoto={openReportPhoto} />
                  </li>
                ))}
              </ul>
            )}
            <div className="detail-links">
              <AppLink className="button button--secondary" href={reportsHref}>
                <Trans>See all visit reports</Trans>
              </AppLink>
              <AppLink className="button button--link" href={`${reportsHref}#write-report`}>
                <ListingIcon name="pencil" size={20} />
                <Trans>Write a visit report</Trans>
              </AppLink>
            </div>
          </>
        }
      />
      {photoViewer.viewer}
      {dialog === 'report' ? (
        <Suspense fallback={null}>
          <MemberReportDialog id={merchant.id} onClose={closeReport} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The report dialog of ?dialog=report, for a member (a guest was asked to log in before coming here). */
function MemberReportDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { session } = useAppSystem();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  return loggedIn ? <ReportDialogHost target="merchant" id={id} onClose={onClose} /> : null;
}
