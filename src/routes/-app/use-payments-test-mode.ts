import { useSelector } from '@xstate/react';
import { selectConfig, type SessionSnapshot } from '@/machines/account/session.machine';
import { useAppSystem } from './app-context';

/**
 * Whether the server's payments are test ones, which move no real money (home/config `payments_test_mode`: the
 * sandbox provider, or Stripe with a test key), from the config the session already holds, as the card form reads
 * Stripe's key: no call of its own. Unknown (no config yet, a guest) is not test mode, so live payments never show
 * the badge, not even for a moment.
 */
export const selectPaymentsTestMode = (snapshot: SessionSnapshot): boolean => selectConfig(snapshot)?.payments_test_mode === true;

/**
 * For the payment screens and the admin console only: kept out of session.machine.ts and the app's first modules, so
 * the home page's initial JavaScript does not grow by it.
 */
export function usePaymentsTestMode(): boolean {
  const { session } = useAppSystem();
  return useSelector(session, selectPaymentsTestMode);
}
