import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { visitReportCreate, visitReports, type VisitReport } from '@/contract/calls/feedback';
import type { PagedList } from '@/contract/shapes';
import { type FetchPageInput, listingListMachine } from '@/machines/directory/listing-list.machine';
import { selectIsLoggedIn, selectUser } from '@/machines/account/session.machine';
import { visitReportFormMachine } from '@/machines/directory/visit-report-form.machine';
import { Button } from '@/ui/kit/button';
import { requestErrorText } from '@/ui/directory/directory-names';
import { DetailSection } from '@/ui/directory/listing-detail-parts';
import { translateCode } from '@/ui/app/messages';
import { PageHeader } from '@/ui/kit/page-header';
import { VisitReportList, type VisitReportListStatus } from '@/ui/directory/visit-report-card';
import { VisitReportForm } from '@/ui/directory/visit-report-form';
import { useAppSystem } from '@/routes/-app/app-context';
import { useImageViewer } from '@/routes/-app/image-viewer';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { WithFeatureCatalog } from '@/routes/-app/with-feature-catalog';
import { useFormBinding } from '@/routes/-app/use-form-binding';
import { DetailNotFound, DetailPending, DetailRouteError } from '@/routes/-listing/detail-route-parts';
import { listingIdParams } from '@/routes/-listing/listing-id';
import { useUpgradeHref } from '@/routes/-listing/upgrade-href';
import { loadAppLibraries } from '@/routes/-app/app-libraries';

/**
 * /merchant/{id}/visit-report: every visit report of a venue, newest first, a page at a time ("Show more
 * reports"), and the form to write one. Non-paid readers get previews with the upgrade call to action.
 */
export const Route = createFileRoute('/$lang/_default/merchant/$id/visit-report')({
  params: { parse: listingIdParams },
  // The page's code needs zod and the contract: they are evaluated first, a step per task (app-libraries.ts), before
  // the router loads the page's chunk and its loader's.
  beforeLoad: loadAppLibraries,
  // Loaded on demand: route configs are in the initial bundle, the contract's calls (and zod) are not.
  loader: async ({ context, params, abortController }) => {
    const { loadVisitReportPage } = await import('@/routes/-listing/detail-loaders');
    return loadVisitReportPage(context.system, Number(params.id), abortController.signal);
  },
  pendingComponent: DetailPending,
  pendingMs: 150,
  errorComponent: DetailRouteError,
  notFoundComponent: DetailNotFound,
  component: VisitReportPage,
});

/** The visitor's calendar date, 'YYYY-MM-DD' (the visit date's default and latest value). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function VisitReportPage() {
  const { t } = useLingui();
  const { lang, id } = Route.useParams();
  const { merchant } = Route.useLoaderData();
  const { session } = useAppSystem();
  const user = useSelector(session, selectUser);
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const listId = useId();
  const name = merchant.name;
  useDocumentTitle(t`Visit reports: ${name}`);
  // A new viewer (login, logout) reads the list anew: paid members see whole reports, others previews.
  const viewerKey = loggedIn ? (user?.uuid ?? 'member') : 'guest';
  return (
    <div className="listing-detail">
      <PageHeader title={t`Visit reports: ${name}`} backHref={`/${lang}/merchant/${id}`} />
      <ReportsSection key={viewerKey} merchantId={merchant.id} lang={lang} headingId={listId}>
        {(onPublished) => (
          // A fixed id: the venue page links here with #write-report.
          <DetailSection id="write-report" title={t`Write a visit report`} className="write-report">
            {!loggedIn ? (
              <GuestWrite lang={lang} id={id} />
            ) : merchant.is_own ? (
              <p className="detail-muted">
                <Trans>This is your venue: visit reports are written by its guests.</Trans>
              </p>
            ) : (
              // The form's texts are in the forms catalog (lingui.config.ts).
              <WithFeatureCatalog name="forms">
                <WriteReport merchantId={merchant.id} onPublished={onPublished} />
              </WithFeatureCatalog>
            )}
          </DetailSection>
        )}
      </ReportsSection>
    </div>
  );
}

function GuestWrite({ lang, id }: { lang: string; id: string }) {
  const { session } = useAppSystem();
  const onLogin = () =>
    session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/merchant/${id}/visit-report` } } });
  return (
    <>
      <p className="detail-muted">
        <Trans>Members share their visits here. Log in to write a report.</Trans>
      </p>
      <Button onClick={onLogin}>
        <Trans>Log in to write a report</Trans>
      </Button>
    </>
  );
}

/**
 * The write section (given as a render function, so a published report reloads the list below it) and the
 * list of reports.
 */
function ReportsSection(props: {
  merchantId: number;
  lang: string;
  headingId: string;
  children: (onPublished: () => void) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const photoViewer = useImageViewer();
  const upgradeHref = useUpgradeHref(props.lang);
  const query = { merchant_id: props.merchantId };
  const list = useActorRef(
    listingListMachine.provide({
      actors: {
        fetchPage: fromPromise<PagedList<unknown>, FetchPageInput>(({ input, signal }) =>
          api.call(visitReports, { ...(input.query as typeof query), ...(input.cursor ? { cursor: input.cursor } : {}) }, { signal }),
        ),
      },
    }),
    { input: { query } },
  );
  const value = useSelector(list, (s) => s.value as string);
  const items = useSelector(list, (s) => s.context.items as VisitReport[]);
  const error = useSelector(list, (s) => s.context.error);
  // Started once mounted; a re-mount (a new viewer) starts a new list.
  useEffect(() => {
    list.send({ type: 'list.load' });
  }, [list]);
  const status: VisitReportListStatus =
    value === 'loaded' ? 'ready' : value === 'loadingMore' || value === 'end' || value === 'error' ? value : 'loading';
  const onOpenPhoto = (report: VisitReport, index: number) =>
    photoViewer.open(
      report.photos.map((photo) => ({ src: photo.image, thumb: photo.thumb, alt: report.title })),
      index,
    );
  return (
    <>
      {props.children(() => list.send({ type: 'list.query', query }))}
      {photoViewer.viewer}
      <DetailSection id={props.headingId} title={t`What visitors say`}>
        <VisitReportList
          reports={items}
          status={status}
          error={error ? requestErrorText(i18n, error) : undefined}
          upgradeHref={upgradeHref}
          onOpenPhoto={onOpenPhoto}
          onMore={() => list.send({ type: 'list.loadMore' })}
          onRetry={() => list.send({ type: 'list.retry' })}
        />
      </DetailSection>
    </>
  );
}

function WriteReport({ merchantId, onPublished }: { merchantId: number; onPublished(): void }) {
  const { i18n } = useLingui();
  const { api } = useAppSystem();
  const today = localToday();
  const actor = useActorRef(
    visitReportFormMachine.provide({
      actors: {
        submit: fromPromise(({ input, signal }) => api.call(visitReportCreate, input.payload, { signal, files: input.files })),
      },
      actions: { notifySuccess: () => onPublished() },
    }),
    { input: { merchantId, today } },
  );
  const form = useFormBinding<'rating' | 'title' | 'content' | 'visit_date'>(actor);
  const photos = useSelector(actor, (s) => s.context.files);
  const photosError = useSelector(actor, (s) => s.context.errors.files);
  const done = useSelector(actor, (s) => s.matches('done'));
  return (
    <VisitReportForm
      {...form}
      photos={photos}
      photosError={photosError ? translateCode(i18n, photosError.code, { ...photosError.extra }) : undefined}
      maxDate={today}
      done={done}
      onAddPhotos={(files) => actor.send({ type: 'files.add', files })}
      onRemovePhoto={(index) => actor.send({ type: 'files.remove', index })}
      onReset={() => actor.send({ type: 'form.reset' })}
    />
  );
}
