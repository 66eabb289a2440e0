import { describe, expect, it } from 'vitest';
import { SocialChannel } from '@/contract/feature-enums';
import { formatTimeOfDay, hoursOfDay, isoWeekday, paragraphsOf, socialLinkHref, telHref, weekdayName } from './listing-format';

describe('listing formatting', () => {
  it('names weekdays in the active locale, Monday first', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'en')).toBe('Sunday');
    expect(weekdayName(1, 'ja')).toBe('月曜日');
    expect(weekdayName(3, 'de', 'short')).toBe('Mi');
    expect(isoWeekday(new Date(2024, 0, 7))).toBe(7);
    expect(isoWeekday(new Date(2024, 0, 8))).toBe(1);
  });

  it('writes times of day as the locale does', () => {
    expect(formatTimeOfDay('09:30', 'en')).toBe('9:30 AM');
    expect(formatTimeOfDay('21:05', 'de')).toBe('21:05');
  });

  it('groups opening periods per day: closed, all day, or sorted periods', () => {
    const periods = [
      { day: 1, open: '18:00', close: '02:00' },
      { day: 1, open: '11:00', close: '14:00' },
      { day: 2, open: '00:00', close: '00:00' },
    ];
    expect(hoursOfDay(periods, 1)).toEqual({
      kind: 'periods',
      periods: [
        { open: '11:00', close: '14:00' },
        { open: '18:00', close: '02:00' },
      ],
    });
    expect(hoursOfDay(periods, 2)).toEqual({ kind: 'allDay' });
    expect(hoursOfDay(periods, 3)).toEqual({ kind: 'closed' });
  });

  it('links social channels only for well-formed handles, on fixed https origins', () => {
    expect(socialLinkHref({ type: SocialChannel.Telegram, value: '@tokyo_bar' })).toBe('https://t.me/tokyo_bar');
    expect(socialLinkHref({ type: SocialChannel.Telegram, value: 'abc' })).toBeNull();
    expect(socialLinkHref({ type: SocialChannel.WhatsApp, value: '+81 90-1234-5678' })).toBe('https://wa.me/819012345678');
    expect(socialLinkHref({ type: SocialChannel.WhatsApp, value: 'call me' })).toBeNull();
    expect(socialLinkHref({ type: SocialChannel.LINE, value: '@my.line-id' })).toBe('https://line.me/ti/p/~my.line-id');
    expect(socialLinkHref({ type: SocialChannel.Twitter, value: '@venuely' })).toBe('https://x.com/venuely');
    expect(socialLinkHref({ type: SocialChannel.Twitter, value: 'javascript:alert(1)' })).toBeNull();
    expect(socialLinkHref({ type: SocialChannel.Telegram, value: 'evil.example/x' })).toBeNull();
    expect(socialLinkHref({ type: SocialChannel.WeChat, value: 'wxid_12345' })).toBeNull();
  });

  it('makes tel: links of stored numbers and paragraphs of descriptions', () => {
    expect(telHref('+81 (3) 1234-5678')).toBe('tel:+81312345678');
    expect(paragraphsOf('One\nline two\n\n\n  Second  \n \n')).toEqual(['One\nline two', 'Second']);
  });
});
