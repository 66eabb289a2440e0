import { describe, expect, it } from 'vitest';
import { cardFieldErrors, formatExpiry } from './sandbox-card-element';

describe('the card element’s expiry field', () => {
  it.each([
    ['1230', '', '12/30'],
    ['12', '1', '12/'],
    ['1', '', '1'],
    ['4', '', '04/'],
    ['12/3', '12/', '12/3'],
    ['12/300', '12/30', '12/30'],
    ['ab12cd30', '', '12/30'],
    ['١٢', '', ''],
  ])('typed %j after %j reads %j', (typed, previous, shown) => {
    expect(formatExpiry(typed, previous)).toBe(shown);
  });

  it('a backspace over the slash removes it with the month’s last digit', () => {
    expect(formatExpiry('12', '12/')).toBe('1');
  });
});

describe('the card element’s errors name their field', () => {
  const now = new Date(2026, 10, 29);
  it('a complete test card has none', () => {
    expect(cardFieldErrors('4242 4242 4242 4242', '12/30', '123', now)).toEqual({});
  });
  it('each empty field is named', () => {
    expect(cardFieldErrors('', '', '', now)).toEqual({ number: 'number.missing', expiry: 'expiry.missing', cvc: 'cvc.missing' });
  });
  it('a mistyped number, a thirteenth month, a past month and a short code', () => {
    expect(cardFieldErrors('4242 4242 4242 4241', '13/30', '12', now)).toEqual({ number: 'number.invalid', expiry: 'expiry.invalid', cvc: 'cvc.invalid' });
    expect(cardFieldErrors('4242 4242 4242 4242', '10/26', '123', now)).toEqual({ expiry: 'expiry.past' });
    expect(cardFieldErrors('4242 4242 4242 4242', '11/26', '123', now)).toEqual({});
  });
});
