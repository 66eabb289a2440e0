import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import * as content from '@/contract/calls/content';
import * as dict from '@/contract/calls/dict';
import * as home from '@/contract/calls/home';
import * as merchant from '@/contract/calls/merchant';
import * as partner from '@/contract/calls/partner';
import type { Locale } from '@/contract/enums';
import { LIST_LIMIT_MAX, type ListingSource } from '@/contract/shapes';
import { LISTING_FORMS, type ListingImage } from '@/machines/directory/listing-draft';
import {
  listingFormMachine,
  uploadPercent,
  type ListingLoadInput,
  type ListingLoadOutput,
  type ListingSubmitInput,
} from '@/machines/directory/listing-form.machine';
import { selectUser } from '@/machines/account/session.machine';
import { randomUuidV4 } from '@/services/storage';
import { Button } from '@/ui/kit/button';
import { requestErrorText } from '@/ui/directory/directory-names';
import { Icon } from '@/ui/kit/icons';
import type { FormImage } from '@/ui/directory/owner/listing-form-parts';
import { MerchantForm, type MerchantFormValues } from '@/ui/directory/owner/merchant-form';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';
import { PageHeader } from '@/ui/kit/page-header';
import { PartnerForm, type PartnerFormValues } from '@/ui/directory/owner/partner-form';
import { PublishBlocked } from '@/ui/directory/owner/publish-blocked';
import type { AppSystem } from '../-app/app-system';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { directoryOf } from '../-directory/directory-data';
import { useUpgradeHref } from '../-listing/upgrade-href';
import { publishBlock } from './owner-guards';
import { ownerHrefs } from './owner-links';
import { useFeatureCatalog } from '../-app/use-feature-catalog';

/**
 * The publish and modify pages of both sources (/member/{source}/publish, /member/{source}/{id}/modify): the
 * listing form machine with the real calls, bound to the venue or profile form. Publishing first checks the
 * member's permission (spec section 6) and explains a refusal instead of showing a form the server would refuse.
 */

export interface ListingFormPageProps {
  lang: string;
  source: ListingSource;
  /** The listing to modify; null publishes a new one. */
  id: number | null;
}

export function ListingFormPage({ lang, source, id }: ListingFormPageProps) {
  useFeatureCatalog('owner');
  const { t } = useLingui();
  const { session } = useAppSystem();
  const user = useSelector(session, selectUser);
  const upgradeHref = useUpgradeHref(lang);
  const title =
    source === 'merchant' ? (id === null ? t`Publish a venue` : t`Edit venue`) : id === null ? t`Publish a profile` : t`Edit profile`;
  useDocumentTitle(title);
  const block = id === null ? publishBlock(source, user) : null;
  return (
    <section className="owner-page">
      <PageHeader title={title} backHref={ownerHrefs.content(lang, source)} />
      {block ? (
        <PublishBlocked
          reason={block}
          upgradeHref={upgradeHref}
          publishPartnerHref={source === 'merchant' && publishBlock('partner', user) === null ? ownerHrefs.publish(lang, 'partner') : undefined}
          contentHref={ownerHrefs.content(lang, source)}
        />
      ) : (
        <ListingFormContainer lang={lang} source={source} id={id} />
      )}
    </section>
  );
}

/** The options and, on modify, the owner's listing: dictionaries, regions and cities, the owner's venues. */
async function loadListingForm(system: AppSystem, lang: Locale, input: ListingLoadInput, signal: AbortSignal): Promise<ListingLoadOutput> {
  const { source, id } = input;
  const [dicts, geography, venues, detail, economy] = await Promise.all([
    system.api.call(dict.multi, { types: [...LISTING_FORMS[source].dictTypes] }, { signal }),
    directoryOf(system).geography(lang),
    source === 'partner'
      ? system.api
          .call(content.merchants, { status: 'published', limit: LIST_LIMIT_MAX }, { signal })
          .then((page) => page.list.map((venue) => ({ id: venue.id, name: venue.name })))
      : Promise.resolve([]),
    id === null
      ? Promise.resolve(null)
      : source === 'merchant'
        ? system.api.call(content.merchantDetail, { id }, { signal })
        : system.api.call(content.partnerDetail, { id }, { signal }),
    // The unlock price range and default are the server's configuration (DESIGN section 6).
    system.api.call(home.economy, {}, { signal }),
  ]);
  return { options: { dicts, geography, venues, economy }, detail };
}

/** Sends the form with the call of its source and mode; images go through the upload path with progress. */
function sendListing(system: AppSystem, input: ListingSubmitInput, signal: AbortSignal, onUploadProgress: (loaded: number, total: number) => void) {
  const options = { signal, files: input.files, onUploadProgress };
  const payload = input.payload as never;
  if (input.source === 'merchant') {
    return input.mode === 'create'
      ? system.api.call(merchant.create, payload, options)
      : system.api.call(content.merchantUpdate, payload, options);
  }
  return input.mode === 'create' ? system.api.call(partner.create, payload, options) : system.api.call(content.partnerUpdate, payload, options);
}

type FormSnapshot = SnapshotFrom<typeof listingFormMachine>;

function toFormImage(image: ListingImage): FormImage {
  return image.kind === 'new' ? { key: image.key, file: image.file } : { key: image.key, url: image.url };
}

function ListingFormContainer({ lang, source, id }: ListingFormPageProps) {
  const { t, i18n } = useLingui();
  const system = useAppSystem();
  const navigate = useNavigate();
  const actor = useActorRef(
    listingFormMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) => loadListingForm(system, lang as Locale, input, signal)),
        submit: fromCallback<EventObject, ListingSubmitInput>(({ input, sendBack }) => {
          const controller = new AbortController();
          sendListing(system, input, controller.signal, (loaded, total) => sendBack({ type: 'upload.progress', loaded, total })).then(
            (result) => sendBack({ type: 'submit.done', result }),
            (error: unknown) => {
              if (!controller.signal.aborted) sendBack({ type: 'submit.failed', error });
            },
          );
          return () => controller.abort();
        }),
      },
      actions: {
        notifySuccess: (_, params) => {
          system.toast.send({
            type: 'toast.show',
            kind: 'success',
            message: params.mode === 'create' ? 'toast.listing.published' : 'toast.listing.saved',
          });
          // The counts of listings (merchant_count, partner_count) decide what the member may publish next.
          system.session.send({ type: 'session.userRefresh' });
          void navigate({ to: ownerHrefs.content(lang, source) });
        },
      },
    }),
    { input: { source, id, locale: i18n.locale, createKey: randomUuidV4() } },
  );
  const state = useSelector(actor, (s: FormSnapshot) => s.value);
  const context = useSelector(actor, (s: FormSnapshot) => s.context);
  const busy = useSelector(actor, (s: FormSnapshot) => s.hasTag('busy'));

  if (state === 'loading' || !context.options) {
    if (state === 'loadFailed') {
      return (
        <div className="owner-state" role="alert">
          <p className="owner-state-title">{t`This form could not be loaded.`}</p>
          <p className="owner-muted">{requestErrorText(i18n, context.loadError)}</p>
          <Button onClick={() => actor.send({ type: 'form.retry' })}>
            <Icon name="retry" size={20} />
            {t`Try again`}
          </Button>
        </div>
      );
    }
    return <FormSkeleton />;
  }

  const errors: Record<string, string> = {};
  for (const [field, error] of Object.entries(context.errors)) {
    if (error) errors[field] = translateCode(i18n, error.code, { ...error.extra });
  }
  const common = {
    errors,
    serverError: context.serverError ?? undefined,
    busy,
    uploadPercent: uploadPercent(context.upload),
    submitLabel:
      id !== null ? t`Save changes` : source === 'merchant' ? t`Publish venue` : t`Publish profile`,
    dicts: context.options.dicts,
    regions: context.options.geography.regions,
    cities: context.options.geography.cities,
    photos: context.photos.map(toFormImage),
    onChange: (field: string, value: unknown) => actor.send({ type: 'field.change', field, value }),
    onFocus: (field: string) => actor.send({ type: 'field.focus', field }),
    onAddPhotos: (files: File[]) => actor.send({ type: 'photos.add', files }),
    onRemovePhoto: (key: string) => actor.send({ type: 'photos.remove', key }),
    onSubmit: () => actor.send({ type: 'form.submit' }),
  };
  if (source === 'merchant') {
    return (
      <MerchantForm
        {...common}
        values={context.values as MerchantFormValues}
        cover={context.cover ? toFormImage(context.cover) : null}
        coverRemovable={context.cover?.kind === 'new'}
        onPickCover={(file) => actor.send({ type: 'cover.set', file })}
        onRemoveCover={() => actor.send({ type: 'cover.remove' })}
      />
    );
  }
  const { economy } = context.options;
  return (
    <PartnerForm
      {...common}
      values={context.values as PartnerFormValues}
      venues={context.options.venues}
      unlockPrice={economy.unlock_price}
      ownerSharePercent={economy.owner_share_percent}
    />
  );
}

/** The form's boxes while its options load, so nothing jumps when it arrives. */
function FormSkeleton() {
  const { t } = useLingui();
  return (
    <div className="owner-form" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t`Loading…`}
      </p>
      {[0, 1, 2].map((n) => (
        <div key={n} className="owner-form-section" aria-hidden="true">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}
