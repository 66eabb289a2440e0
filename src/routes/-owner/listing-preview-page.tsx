import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import * as content from '@/contract/calls/content';
import * as partner from '@/contract/calls/partner';
import { provideRequest } from '@/machines/app/request.machine';
import { dictionaryNames, namesOf } from '@/ui/directory/directory-names';
import { OwnerPreviewBar } from '@/ui/directory/owner/listing-preview';
import { MerchantDetailView, merchantImages } from '@/ui/directory/merchant-detail';
import { PartnerDetailView, partnerImages } from '@/ui/directory/partner-detail';
import { requestErrorText } from '@/ui/directory/directory-names';
import { useAppSystem } from '../-app/app-context';
import { useImageViewer } from '../-listing/photo-viewer';
import { useDocumentTitle } from '../-app/use-document-title';
import { ownerHrefs } from './owner-links';
import type { OwnPreviewData } from './preview-loader';
import { useFeatureCatalog } from '../-app/use-feature-catalog';

/**
 * /member/{source}/{id}/preview: the owner's listing in the public detail view (helper components of the detail
 * pages), under a bar with its status, the visible switch and the edit link. The switch of a venue is
 * user/merchant_toggleVisiable; a profile's is partner/setVisiable, which sets the value the owner sees flipped.
 */
export function ListingPreviewPage({ lang, data }: { lang: string; data: OwnPreviewData }) {
  useFeatureCatalog('owner');
  const { i18n } = useLingui();
  const system = useAppSystem();
  const viewer = useImageViewer();
  const { source, listing } = data;
  const name = data.source === 'merchant' ? data.listing.name : data.listing.nickname;
  useDocumentTitle(name);

  const merchantSwitch = useActorRef(provideRequest(content.merchantToggleVisiable, system.api));
  const partnerSwitch = useActorRef(provideRequest(partner.setVisiable, system.api));
  const switchActor = source === 'merchant' ? merchantSwitch : partnerSwitch;
  const switching = useSelector(switchActor, (s) => s.hasTag('busy'));
  const switched = useSelector(switchActor, (s) => (s.matches('finished') ? (s.context.result as { visible: boolean }).visible : null));
  const switchError = useSelector(switchActor, (s) => (s.matches('failed') ? s.context.error : null));
  const visible = switched ?? listing.visible;
  useEffect(() => {
    const subscription = switchActor.subscribe((s) => {
      if (!s.matches('finished')) return;
      const shown = (s.context.result as { visible: boolean }).visible;
      system.toast.send({ type: 'toast.show', kind: 'success', message: shown ? 'toast.listing.shown' : 'toast.listing.hidden' });
    });
    return () => subscription.unsubscribe();
  }, [switchActor, system]);
  const onToggle = () =>
    source === 'merchant'
      ? merchantSwitch.send({ type: 'request.start', params: { id: listing.id } })
      : partnerSwitch.send({ type: 'request.start', params: { id: listing.id, visible: !visible } });

  const names = dictionaryNames(data.dicts);
  const backHref = ownerHrefs.content(lang, source);
  const bar = (
    <OwnerPreviewBar
      source={source}
      name={name}
      status={listing.status}
      moderationNote={listing.moderation_note}
      visible={visible}
      switching={switching}
      switchError={switchError ? requestErrorText(i18n, switchError) : undefined}
      editHref={ownerHrefs.modify(lang, source, listing.id)}
      // Support is the member page's feedback form, which reaches the operators.
      supportHref={`/${lang}/member?dialog=feedback`}
      publicHref={listing.status === 'published' && visible ? ownerHrefs.listing(lang, source, listing.id) : null}
      onToggleVisible={onToggle}
    />
  );

  if (data.source === 'merchant') {
    const merchant = data.listing;
    const images = merchantImages(merchant);
    return (
      <>
        {bar}
        <MerchantDetailView
          merchant={{ ...merchant, visible }}
          typeName={names.merchant_type?.get(merchant.merchant_type) ?? null}
          tagNames={namesOf(names, 'merchant_tag', merchant.tags)}
          backHref={backHref}
          actions={null}
          onOpenPhoto={(index) => viewer.open(images.map((image) => ({ src: image.image, thumb: image.thumb, alt: merchant.name })), index)}
          reports={
            <p className="detail-muted">
              <Trans>Guests' visit reports appear here.</Trans>
            </p>
          }
        />
      </>
    );
  }
  const profile = data.listing;
  const images = partnerImages(profile);
  const single = (type: 'sex' | 'body_type' | 'drive_type', id: number | null) => (id === null ? null : (names[type]?.get(id) ?? null));
  return (
    <>
      {bar}
      <PartnerDetailView
        partner={{ ...profile, visible }}
        names={{
          sex: single('sex', profile.sex),
          bodyType: single('body_type', profile.body_type),
          driveType: single('drive_type', profile.drive_type),
          languages: namesOf(names, 'language', profile.languages),
          tags: namesOf(names, 'partner_tag', profile.tags),
        }}
        backHref={backHref}
        actions={null}
        venueHref={profile.merchant_id === null ? undefined : ownerHrefs.listing(lang, 'merchant', profile.merchant_id)}
        onOpenPhoto={(index) => viewer.open(images.map((image) => ({ src: image.image, thumb: image.thumb, alt: profile.nickname })), index)}
      />
    </>
  );
}
