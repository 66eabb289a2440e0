import { Trans, useLingui } from '@lingui/react/macro';
import {
  ADDRESS_MAX,
  LISTING_TAGS_MAX,
  MERCHANT_DESCRIPTION_MAX,
  MERCHANT_NAME_MAX,
  OPENING_HOURS_MAX,
  SOCIAL_LINKS_MAX,
  SOCIAL_VALUE_MAX,
} from '@/contract/calls/merchant';
import { PHOTOS_MAX } from '@/contract/shapes';
import { RadioGroupField, SelectField, TextAreaField } from '../../kit/choice-fields';
import type { Dictionaries } from '../directory-names';
import { submitHandler } from '../../kit/form-props';
import {
  CheckboxGroupField,
  CityPicker,
  CoverField,
  FormSection,
  ListingFormFooter,
  OpeningHoursField,
  PhotosField,
  SocialLinksField,
  VisibleSwitch,
  type FormImage,
  type OpeningPeriodValue,
  type SocialLinkValue,
} from './listing-form-parts';
import { TextField } from '../../kit/text-field';

/** What the owner edits of a venue (strings as typed; the machine parses them with the contract schema). */
export interface MerchantFormValues {
  name: string;
  merchant_type: string;
  tags: number[];
  region_slug: string;
  city_id: string;
  address: string;
  lat: string;
  lng: string;
  phone: string;
  opening_hours: OpeningPeriodValue[];
  price_level: string;
  description: string;
  social: SocialLinkValue[];
  visible: boolean;
}

export type MerchantFormField = keyof MerchantFormValues | 'cover' | 'photos';

/** The props both listing forms take: values and translated errors in, edits and submit out. */
export interface ListingFormBaseProps<V, F extends string> {
  values: V;
  errors: Partial<Record<F, string>>;
  serverError?: string;
  busy: boolean;
  uploadPercent: number | null;
  submitLabel: string;
  dicts: Dictionaries;
  regions: readonly { slug: string; name: string }[];
  cities: readonly { id: number; region_slug: string; name: string }[];
  photos: readonly FormImage[];
  onChange(field: keyof V & string, value: unknown): void;
  onFocus(field: F): void;
  onAddPhotos(files: File[]): void;
  onRemovePhoto(key: string): void;
  onSubmit(): void;
}

export interface MerchantFormProps extends ListingFormBaseProps<MerchantFormValues, MerchantFormField> {
  cover: FormImage | null;
  /** A newly picked cover can be undone. */
  coverRemovable: boolean;
  onPickCover(file: File): void;
  onRemoveCover(): void;
}

/** The publish and modify form of a venue (routes /member/merchant/publish and /member/merchant/{id}/modify). */
export function MerchantForm(props: MerchantFormProps) {
  const { t } = useLingui();
  const { values, errors, busy, onChange, onFocus } = props;
  const text = (field: 'name' | 'address' | 'lat' | 'lng' | 'phone') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
    onFocus: () => onFocus(field),
  });
  const priceLevels = [
    { value: '1', label: t`$ · Budget` },
    { value: '2', label: t`$$ · Moderate` },
    { value: '3', label: t`$$$ · Upscale` },
    { value: '4', label: t`$$$$ · Luxury` },
  ];
  return (
    <form className="form owner-form" noValidate onSubmit={submitHandler(busy, props.onSubmit)}>
      <fieldset className="owner-form-body" disabled={busy}>
        <FormSection title={t`About the venue`}>
          <TextField label={t`Name`} {...text('name')} maxLength={MERCHANT_NAME_MAX} required />
          <SelectField
            label={t`Type of venue`}
            name="merchant_type"
            options={(props.dicts.merchant_type ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={values.merchant_type}
            placeholder={t`Choose a type`}
            required
            error={errors.merchant_type}
            onChange={(value) => onChange('merchant_type', value)}
            onFocus={() => onFocus('merchant_type')}
          />
          <CheckboxGroupField
            legend={t`Tags`}
            options={props.dicts.merchant_tag ?? []}
            value={values.tags}
            max={LISTING_TAGS_MAX}
            error={errors.tags}
            onChange={(value) => onChange('tags', value)}
            onFocus={() => onFocus('tags')}
          />
          <RadioGroupField
            legend={t`Price level`}
            name="price_level"
            options={priceLevels}
            value={values.price_level}
            required
            inline
            error={errors.price_level}
            onChange={(value) => onChange('price_level', value)}
            onFocus={() => onFocus('price_level')}
          />
          <TextAreaField
            label={t`Description`}
            name="description"
            value={values.description}
            maxLength={MERCHANT_DESCRIPTION_MAX}
            rows={6}
            required
            hint={t`What guests find here: atmosphere, menu, what makes it special.`}
            error={errors.description}
            onChange={(value) => onChange('description', value)}
            onFocus={() => onFocus('description')}
          />
        </FormSection>

        <FormSection title={t`Location`}>
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
          <TextField label={t`Address`} {...text('address')} maxLength={ADDRESS_MAX} autoComplete="street-address" required />
          <div className="form-row owner-form-pair">
            <TextField label={t`Latitude (optional)`} {...text('lat')} inputMode="decimal" maxLength={20} dir="ltr" />
            <TextField label={t`Longitude (optional)`} {...text('lng')} inputMode="decimal" maxLength={20} dir="ltr" />
          </div>
        </FormSection>

        <FormSection title={t`Contact and hours`}>
          <TextField label={t`Phone (optional)`} {...text('phone')} type="tel" autoComplete="tel" maxLength={40} dir="ltr" />
          <SocialLinksField
            value={values.social}
            max={SOCIAL_LINKS_MAX}
            valueMax={SOCIAL_VALUE_MAX}
            error={errors.social}
            onChange={(value) => onChange('social', value)}
            onFocus={() => onFocus('social')}
          />
          <OpeningHoursField
            value={values.opening_hours}
            max={OPENING_HOURS_MAX}
            error={errors.opening_hours}
            onChange={(value) => onChange('opening_hours', value)}
            onFocus={() => onFocus('opening_hours')}
          />
        </FormSection>

        <FormSection title={t`Photos`}>
          <CoverField
            image={props.cover}
            canRemove={props.coverRemovable}
            error={errors.cover}
            onPick={props.onPickCover}
            onRemove={props.onRemoveCover}
            onFocus={() => onFocus('cover')}
          />
          <PhotosField
            legend={t`Gallery`}
            addLabel={t`Add gallery photos`}
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
            label={t`Show this venue to everyone`}
            hint={<Trans>When it is off, only you can see the venue.</Trans>}
            checked={values.visible}
            onChange={(checked) => onChange('visible', checked)}
          />
        </FormSection>
      </fieldset>
      <ListingFormFooter submitLabel={props.submitLabel} busy={busy} uploadPercent={props.uploadPercent} serverError={props.serverError} />
    </form>
  );
}
