import { describe, expect, it } from 'vitest';
import { listingSearch, regionSearch } from '../-directory/filter-params';
import { reportDialogSearch } from '../-listing/dialog-search';
import { intParam, oneOfParam, searchParams, textParam, withDefault } from './search-params';

describe('search-param validators', () => {
  it('keep valid values and drop the rest, leaving dropped keys out', () => {
    const validate = searchParams({ n: intParam(1, 4), s: oneOfParam(['a', 'b'] as const), q: textParam(5) });
    expect(validate({ n: 3, s: 'b', q: 'hello' })).toEqual({ n: 3, s: 'b', q: 'hello' });
    const dropped = validate({ n: 5, s: 'c', q: 'too long' });
    expect(dropped).toEqual({});
    expect(Object.keys(dropped)).toEqual([]);
    expect(validate({ n: 2.5, s: 1, q: 12345 })).toEqual({});
    expect(validate({ n: '3', s: ['a'], q: null })).toEqual({});
    expect(validate({})).toEqual({});
  });

  it('a default fills a missing or invalid param', () => {
    const validate = withDefault(searchParams({ token: textParam(200) }), { token: '' });
    expect(validate({})).toEqual({ token: '' });
    expect(validate({ token: 'x'.repeat(201) })).toEqual({ token: '' });
    expect(validate({ token: 'rst_1' })).toEqual({ token: 'rst_1' });
  });

  it('read a place page list and a detail page dialog as the links of the app write them', () => {
    expect(listingSearch({ sort: 'newest', price_level: 2, age_min: 17, tag: 0, extra: 'x' })).toEqual({ sort: 'newest', price_level: 2 });
    expect(regionSearch({ source: 'partner', age_max: 99 })).toEqual({ source: 'partner', age_max: 99 });
    expect(regionSearch({ source: 'hotel' })).toEqual({});
    expect(reportDialogSearch({ dialog: 'report' })).toEqual({ dialog: 'report' });
    expect(reportDialogSearch({ dialog: 'feedback' })).toEqual({});
  });
});
