import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LISTING_TAGS_MAX } from '@/contract/calls/merchant';
import { PARTNER_AGE_MIN, PARTNER_INTRO_MAX, PARTNER_LANGUAGES_MAX } from '@/contract/calls/partner';
import { NICKNAME_MAX } from '@/contract/constants';
import { PHOTOS_MAX } from '@/contract/shapes';
import { SelectField, TextAreaField } from '../../kit/choice-fields';
import { submitHandler } from '../../kit/form-props';
import {
  CheckboxGroupField,
  CityPicker,
  FormSection,
  ListingFormFooter,
  PhotosField,
  VisibleSwitch,
} from './listing-form-parts';
import type { ListingFormBaseProps } from './merchant-form';
import { TextField } from '../../kit/text-field';

/** What the owner edits of a profile (strings as typed; the machine parses them with the contract schema). */
export interface PartnerFormValues {
  nickname: string;
  age: string;
  sex: string;
  body_type: string;
  languages: number[];
  drive_type: string;
  height: string;
  intro: string;
  tags: number[];
  region_slug: string;
  city_id: string;
  merchant_id: string;
  unlock_price: string;
  visible: boolean;
}

export type PartnerFormField = keyof PartnerFormValues | 'photos';

export interface PartnerFormProps extends ListingFormBaseProps<PartnerFormValues, PartnerFormField> {
  /** The owner's published venues, one of which the person may work from. */
  venues: readonly { id: number; name: string }[];
  /** The server's configured unlock price range (home/economy) and the owner's share of it, in percent. */
  unlockPrice: { min: number; max: number };
  ownerSharePercent: number;
}

/** The publish and modify form of a profile (routes /member/partner/publish and /member/partner/{id}/modify). */
export function PartnerForm(props: PartnerFormProps) {
  const { t, i18n } = useLingui();
  const { values, errors, busy, onChange, onFocus } = props;
  const dict = (type: 'sex' | 'body_type' | 'drive_type') =>
    (props.dicts[type] ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  const select = (field: 'sex' | 'body_type' | 'drive_type' | 'merchant_id') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
    onFocus: () => onFocus(field),
  });
  const text = (field: 'nickname' | 'age' | 'height' | 'unlock_price') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
    onFocus: () => onFocus(field),
  });
  const minAge = i18n.number(PARTNER_AGE_MIN);
  const minPrice = i18n.number(props.unlockPrice.min);
  const maxPrice = props.unlockPrice.max;
  const share = i18n.number(props.ownerSharePercent / 100, { style: 'percent' });
  return (
    <form className="form owner-form" noValidate onSubmit={submitHandler(busy, props.onSubmit)}>
      <fieldset className="owner-form-body" disabled={busy}>
        <FormSection title={t`About the person`}>
          <TextField label={t`Display name`} {...text('nickname')} maxLength={NICKNAME_MAX} required />
          <div className="form-row owner-form-pair">
            <TextField
              label={t`Age`}
              {...text('age')}
              inputMode="numeric"
              maxLength={2}
              required
              hint={<Trans>Profiles are for adults: {minAge} or older.</Trans>}
            />
            <TextField label={t`Height in cm (optional)`} {...text('height')} inputMode="numeric" maxLength={3} />
          </div>
          <div className="form-row owner-form-pair">
            <SelectField label={t`Sex`} {...select('sex')} options={dict('sex')} placeholder={t`Choose`} required />
            <SelectField label={t`Body type`} {...select('body_type')} options={dict('body_type')} placeholder={t`Choose`} required />
          </div>
          <CheckboxGroupField
            legend={t`Languages`}
            options={props.dicts.language ?? []}
            value={values.languages}
            min={1}
            max={PARTNER_LANGUAGES_MAX}
            error={errors.languages}
            onChange={(value) => onChange('languages', value)}
            onFocus={() => onFocus('languages')}
          />
          <SelectField
            label={t`Transport (optional)`}
            {...select('drive_type')}
            options={dict('drive_type')}
            placeholder={t`Not specified`}
          />
          <CheckboxGroupField
            legend={t`Tags`}
            options={props.dicts.partner_tag ?? []}
            value={values.tags}
            max={LISTING_TAGS_MAX}
            error={errors.tags}
            onChange={(value) => onChange('tags', value)}
            onFocus={() => onFocus('tags')}
          />
          <TextAreaField
            label={t`Introduction`}
            name="intro"
            value={values.intro}
            maxLength={PARTNER_INTRO_MAX}
            rows={6}
            required
            hint={t`What you offer as a host or guide. Listings describe company and places, never sexual services.`}
            error={errors.intro}
            onChange={(value) => onChange('intro', value)}
            onFocus={() => onFocus('intro')}
          />
        </FormSection>

        <FormSection title={t`Where`}>
          <CityPicker
            regions={props.regions}
            cities={props.cities}
            regionSlug={values.region_slug}
            cityId={values.city_id}
            regionError={errors.region_slug}
            cityError={errors.city_id}
            onRegionChange={(slug) => onChange('region_slug', slug)}
            onCityChange={(id) => onChange('city_id', id)}
            onRegionFocus={() => onFocus('region_slug')}
            onCityFocus={() => onFocus('city_id')}
          />
          <SelectField
            label={t`Works at (optional)`}
            {...select('merchant_id')}
            options={props.venues.map((venue) => ({ value: String(venue.id), label: venue.name }))}
            placeholder={props.venues.length > 0 ? t`None of my venues` : t`You have no published venue`}
            disabled={props.venues.length === 0 && values.merchant_id === ''}
          />
        </FormSection>

        <FormSection title={t`Chat`}>
          <TextField
            label={t`Points to unlock your chat`}
            {...text('unlock_price')}
            inputMode="numeric"
            maxLength={String(props.unlockPrice.max).length}
            required
            hint={
              <Trans>
                From {minPrice} to <Plural value={maxPrice} one="# point" other="# points" />, paid once per guest. You earn {share} of
                it.
              </Trans>
            }
          />
        </FormSection>

        <FormSection title={t`Photos`}>
          <PhotosField
            legend={t`Profile photos`}
            addLabel={t`Add profile photos`}
            hint={<Trans>The first photo is the cover. At least one is needed.</Trans>}
            images={props.photos}
            max={PHOTOS_MAX}
            error={errors.photos}
            onAdd={props.onAddPhotos}
            onRemove={props.onRemovePhoto}
            onFocus={() => onFocus('photos')}
          />
        </FormSection>

        <FormSection title={t`Visibility`}>
          <VisibleSwitch
            label={t`Show this profile to everyone`}
            hint={<Trans>When it is off, only you can see the profile.</Trans>}
            checked={values.visible}
            onChange={(checked) => onChange('visible', checked)}
          />
        </FormSection>
      </fieldset>
      <ListingFormFooter submitLabel={props.submitLabel} busy={busy} uploadPercent={props.uploadPercent} serverError={props.serverError} />
    </form>
  );
}
