import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

/** Spec section 5's text-input defaults, written out here rather than read from the constants the code uses. */
describe('TextField defaults (spec section 5)', () => {
  i18n.load('en', {});
  i18n.activate('en');
  const render = (props: Partial<Omit<Parameters<typeof TextField>[0], 'name'>> = {}) =>
    renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <TextField label="Amount" name="amount" value="" onChange={() => {}} {...props} />
      </I18nProvider>,
    );
  const input = (html: string) => /<input[^>]*>/.exec(html)![0];

  it('a text input: at most 200 characters, the placeholder "Enter text", no step', () => {
    const html = input(render());
    expect(html).toContain('maxLength="200"');
    expect(html).toContain('placeholder="Enter text"');
    expect(html).not.toContain('step=');
  });

  it('a number input steps by 0.01', () => {
    expect(input(render({ type: 'number' }))).toContain('step="0.01"');
  });

  it("a field's own limit and placeholder win", () => {
    const html = input(render({ maxLength: 40, placeholder: 'e.g. 12.50' }));
    expect(html).toContain('maxLength="40"');
    expect(html).toContain('placeholder="e.g. 12.50"');
  });

  it('a date input: bounded by min and max when given, without the text placeholder, in the given wrapper class', () => {
    const html = render({ type: 'date', min: '2026-11-01', max: '2026-11-30', className: 'admin-filter' });
    expect(input(html)).toContain('min="2026-11-01"');
    expect(input(html)).toContain('max="2026-11-30"');
    expect(input(html)).not.toContain('placeholder=');
    expect(html).toMatch(/^<div class="field admin-filter">/);
    // An empty bound is no bound (a range filter whose other end is not set).
    expect(input(render({ type: 'date', min: '', max: '' }))).not.toMatch(/ (min|max)=/);
  });
});
