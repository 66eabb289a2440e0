import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { economy } from '@/contract/calls/home';
import type { EconomyConfig } from '@/contract/economy';
import { selectUser } from '@/machines/account/session.machine';
import { firstAnswer } from '@/services/first-data';
import { useAppSystem } from '../-app/app-context';
import { useLoad, type Load } from '../-directory/use-load';

/**
 * The economy of DESIGN section 6 as the server is configured (plans, packs, minimum withdrawal); on a page the server
 * painted with it (the wallet: src/routes/-app/signed-in-pages.tsx), from the page at once.
 */
export function useEconomy(): Load<EconomyConfig> {
  const { api } = useAppSystem();
  return useLoad((signal) => api.call(economy, {}, { signal }), firstAnswer({ call: economy, payload: {} }));
}

/**
 * The current user, read again when a wallet page opens: balances change on other devices and by other people
 * (an unlock of the member's profile earns points), so a stored copy is not trusted for money.
 */
export function useFreshUser() {
  const { session } = useAppSystem();
  useEffect(() => {
    session.send({ type: 'session.userRefresh' });
  }, [session]);
  return useSelector(session, selectUser);
}
