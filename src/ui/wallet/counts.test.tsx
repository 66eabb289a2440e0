import { type Messages, i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PartnerSummary } from '@/contract/calls/partner';
import type { Withdrawal } from '@/contract/calls/wallet';
import { PartnerCard } from '../directory/listing-card';
import '../app/form-messages';
import { translateCode } from '../app/messages';
import { WithdrawalRow } from './wallet-records';
import { WithdrawForm } from './withdraw-form';

/**
 * Issue 30 item 12: every count in a sentence is an ICU plural that receives the number, and the number is written
 * the locale's way. Rendered through the catalogs the app ships, compiled by the same Vite plugin as in the build
 * (vitest.config.ts), in English, Arabic (six forms, and the dual differs by grammatical case), Russian and French
 * (0 and 1 singular; "de" before millions).
 */
const CATALOGS = import.meta.glob<{ messages: Messages }>('../../../locales/{en,ar,ru,fr}/{messages,wallet,forms}.po', { eager: true });
type Locale = 'en' | 'ar' | 'ru' | 'fr';

function activate(locale: Locale): void {
  for (const [path, catalog] of Object.entries(CATALOGS)) if (path.includes(`/locales/${locale}/`)) i18n.load(locale, catalog.messages);
  i18n.activate(locale);
}

/** The text of the paragraphs of `className` in what `element` renders in `locale`; the `index`th of them. */
function textOf(locale: Locale, element: ReactElement, className: string, index = 0): string {
  activate(locale);
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}>{element}</I18nProvider>);
  const texts = [...html.matchAll(new RegExp(`<p class="${className}"[^>]*>(.*?)</p>`, 'g'))].map((m) => m[1]);
  if (texts[index] === undefined) throw new Error(`no .${className} #${index} in ${html}`);
  return texts[index].replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
}

const COUNTS = [0, 1, 2, 5, 11, 100, 1200, 1_000_000] as const;

const withdrawal = (points: number): Withdrawal => ({
  id: 1,
  points,
  amount: points,
  method: 'bank_card',
  account_mask: '9010',
  status: 'pending',
  reject_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  processed_at: null,
});

const partner = (age: number) =>
  ({ id: 1, uuid: 'p', nickname: 'Vera', age, sex: 1, tags: [], languages: [], cover: null, favorite_count: 0 }) as unknown as PartnerSummary;

describe('counts in the locale’s plural forms and digits', () => {
  it('a number of points on its own (a withdrawal in the history)', () => {
    // The row's details: its date, then its points.
    const points = (locale: Locale) => COUNTS.map((n) => textOf(locale, <WithdrawalRow item={withdrawal(n)} />, 'record-detail', 1));
    expect(points('en')).toEqual(['0 points', '1 point', '2 points', '5 points', '11 points', '100 points', '1,200 points', '1,000,000 points']);
    expect(points('ar')).toEqual(['0 نقطة', 'نقطة واحدة', 'نقطتان', '5 نقاط', '11 نقطة', '100 نقطة', '1,200 نقطة', '1,000,000 نقطة']);
    expect(points('ru')).toEqual(['0 баллов', '1 балл', '2 балла', '5 баллов', '11 баллов', '100 баллов', '1\u00a0200 баллов', '1\u00a0000\u00a0000 баллов']);
    expect(points('fr')).toEqual(['0 point', '1 point', '2 points', '5 points', '11 points', '100 points', '1\u202f200 points', '1\u202f000\u202f000 de points']);
  });

  it('points in a sentence, where Arabic and Russian take the case the sentence needs (the withdrawal form)', () => {
    const sentence = (locale: Locale, available: number) =>
      textOf(
        locale,
        <WithdrawForm
          values={{ method: 'bank_card', points: '', account_name: '', bank_name: '', card_number: '', network: '', address: '', alipay_account: '' }}
          errors={{}}
          busy={false}
          withdrawable={available}
          minPoints={1000}
          rate={1}
          points={Number.NaN}
          reviewHours={48}
          onChange={() => {}}
          onFocus={() => {}}
          onSubmit={() => {}}
        />,
        'wallet-note',
      );
    expect(sentence('en', 1)).toMatch(/^You can withdraw 1 point\. The smallest withdrawal is 1,000 points; 1 point is worth \$0\.01\.$/);
    expect(sentence('en', 1200)).toMatch(/^You can withdraw 1,200 points\./);
    // The object of "withdraw" takes the dual's oblique form; "the minimum is …" the nominative.
    expect(sentence('ar', 2)).toMatch(/^يمكنك سحب نقطتين\. الحد الأدنى للسحب 1,000 نقطة،/);
    expect(sentence('ar', 1)).toMatch(/^يمكنك سحب نقطة واحدة\./);
    expect(sentence('ar', 5)).toMatch(/^يمكنك سحب 5 نقاط\./);
    expect(sentence('ar', 11)).toMatch(/^يمكنك سحب 11 نقطة\./);
    expect(sentence('ru', 1)).toMatch(/^Вы можете вывести 1 балл\. Минимальная сумма вывода — 1\u00a0000 баллов;/);
    expect(sentence('ru', 2)).toMatch(/^Вы можете вывести 2 балла\./);
    expect(sentence('ru', 5)).toMatch(/^Вы можете вывести 5 баллов\./);
    expect(sentence('fr', 0)).toMatch(/^Vous pouvez retirer 0 point\. Le retrait minimum est de 1\u202f000 points[\u00a0\u202f];/);
  });

  it('the codes of validation errors get their bound as a number (field errors)', () => {
    const code = (locale: Locale, key: string, params: Record<string, number>) => {
      activate(locale);
      return translateCode(i18n, key, params);
    };
    expect(COUNTS.slice(0, 4).map((min) => code('en', 'zod.string.min', { min }))).toEqual([
      'Use at least 0 characters.',
      'Use at least 1 character.',
      'Use at least 2 characters.',
      'Use at least 5 characters.',
    ]);
    expect(code('ar', 'zod.string.min', { min: 2 })).toBe('يجب ألّا يقل عدد الأحرف عن حرفين.');
    expect(code('ru', 'zod.string.min', { min: 5 })).toBe('Используйте не менее 5 символов.');
    expect(code('ru', 'zod.string.min', { min: 1 })).toBe('Используйте не менее 1 символа.');
    expect(code('en', 'zod.number.min', { min: 1000 })).toBe('Enter 1,000 or more.');
    expect(code('fr', 'zod.number.min', { min: 1000 })).toBe('Saisissez une valeur supérieure ou égale à 1\u202f000.');
  });

  it('a profile’s age (the card of the home page and lists)', () => {
    const age = (locale: Locale, years: number) => textOf(locale, <PartnerCard partner={partner(years)} href="/p" names={{}} />, 'listing-card-meta');
    expect(age('en', 1)).toBe('1 year');
    expect(age('en', 31)).toBe('31 years');
    expect(age('ar', 2)).toBe('عامان');
    expect(age('ar', 31)).toBe('31 عامًا');
    expect(age('ru', 21)).toBe('21 год');
    expect(age('ru', 23)).toBe('23 года');
    expect(age('ru', 25)).toBe('25 лет');
    expect(age('fr', 1)).toBe('1 an');
  });
});
