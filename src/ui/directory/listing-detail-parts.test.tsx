import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './listing-detail-parts';

/** The stars of a rating as drawn, in order: 'full', 'half' or 'empty'. */
function starsOf(rating: number, locale = 'en'): { stars: string[]; label: string } {
  i18n.load(locale, {});
  i18n.activate(locale);
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RatingStars rating={rating} />
    </I18nProvider>,
  );
  const stars: string[] = [];
  // A half star is a wrapper of its own around an empty and a filled drawing; whole stars are single drawings.
  for (const [, half, svg] of html.matchAll(/(<span class="rating-star-half">.*?<\/span>)|(<svg[^>]*>)/g)) {
    if (half) stars.push('half');
    else stars.push(svg.includes('fill="currentColor"') ? 'full' : 'empty');
  }
  return { stars, label: /aria-label="([^"]*)"/.exec(html)![1] };
}

describe('RatingStars', () => {
  it('draws a 3.5 rating as three and a half stars', () => {
    expect(starsOf(3.5)).toEqual({ stars: ['full', 'full', 'full', 'half', 'empty'], label: 'Rated 3.5 out of 5' });
  });

  it('draws whole ratings whole and rounds a mean to the nearest half', () => {
    expect(starsOf(4).stars).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starsOf(5).stars).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starsOf(1).stars).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect(starsOf(3.7).stars).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starsOf(3.8).stars).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starsOf(0.5).stars).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(starsOf(3.7).label).toBe('Rated 3.7 out of 5');
  });

  it('says the number in the page language', () => {
    expect(starsOf(3.5, 'ar-EG').label).toBe('Rated ٣٫٥ out of 5');
    expect(starsOf(3.5, 'de').label).toBe('Rated 3,5 out of 5');
  });
});
