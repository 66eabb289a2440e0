import { describe, expect, it } from 'vitest';
import { LISTING_FORMS, validateListing, type MerchantDraft } from './listing-draft';

/** Issue 31 item 4: number fields read what a user of the locale types. */
describe('a listing’s number fields in the page’s locale', () => {
  const spec = LISTING_FORMS.merchant;
  const draft = (lat: string, lng: string): MerchantDraft => ({ ...(spec.emptyDraft() as MerchantDraft), lat, lng });
  const payload = (values: MerchantDraft, locale?: string) => spec.payloadInput(values, locale);

  it('"52,52" is a latitude in German and French; "13.4" stays 13.4 in English', () => {
    expect(payload(draft('52,52', '13,405'), 'de')).toMatchObject({ lat: 52.52, lng: 13.405 });
    expect(payload(draft('52,52', '13,405'), 'fr')).toMatchObject({ lat: 52.52, lng: 13.405 });
    expect(payload(draft('52.52', '13.405'), 'en')).toMatchObject({ lat: 52.52, lng: 13.405 });
  });

  it('Arabic-Indic digits count; text that is no number is passed on for the schema to refuse', () => {
    expect(payload(draft('٣٥٫٦٦', '١٣٩٫٧'), 'ar')).toMatchObject({ lat: 35.66, lng: 139.7 });
    expect(payload(draft('north', ''), 'en')).toMatchObject({ lat: 'north', lng: undefined });
  });

  it('the form validates and sends what the German user meant', () => {
    const values = { ...draft('52,52', '13,405'), name: 'Blue Note', address: 'Friedrichstraße 1' };
    const errors = validateListing(spec, 'create', values, { cover: null, photos: [] }, null, null, 'de');
    expect(errors.lat).toBeUndefined();
    expect(errors.lng).toBeUndefined();
    // In English the same text is not a latitude.
    const english = validateListing(spec, 'create', values, { cover: null, photos: [] }, null, null, 'en');
    expect(english.lat).toBeDefined();
  });

  it('a partner’s height and unlock price read the locale’s digits', () => {
    const partner = LISTING_FORMS.partner;
    const values = { ...partner.emptyDraft(), height: '١٧٥', unlock_price: '1.000' };
    expect(partner.payloadInput(values, 'ar')).toMatchObject({ height: 175 });
    expect(partner.payloadInput(values, 'de')).toMatchObject({ unlock_price: 1000 });
  });
});
