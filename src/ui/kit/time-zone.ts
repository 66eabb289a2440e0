import { createContext } from 'react';

/**
 * The time zone dates and times are shown in: undefined in the browser (its own), the visitor's on the server when
 * it paints a member's page (their time-zone cookie, src/services/time-zone.ts), so that a conversation's time is the
 * same in the server's paint and in the app's render that takes its place.
 */
export const TimeZoneContext = createContext<string | undefined>(undefined);
