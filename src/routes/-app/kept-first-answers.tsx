import { createContext, type ReactNode, useContext, useState } from 'react';
import type { ApiCall, ResponseOf } from '@/contract/call';
import type { FirstCall } from '@/contract/first-paint';
import { type Answers, firstAnswer, firstAnswers } from '@/services/first-data';

/**
 * A server-rendered page's answers (src/services/first-data.ts), kept for a part of the page that hydrates after the
 * rest: a lazy chunk such as the home sections. The page forgets its answers at the first navigation, but React
 * hydrates such a part whenever its chunk arrives, and a tap on a tab can start a navigation before that (the old
 * page stays on screen while the next one loads). Hydrated without the answers, the part would render its skeletons
 * where the server rendered cards: a hydration mismatch (React error 418). With the answers kept from the page's
 * first render, it renders what the server rendered, whenever it hydrates.
 *
 * `scope` names what the answers belong to (the page's language): a kept part that stays mounted while its scope
 * changes (/en to /de) gets no answers, and its parts ask the API.
 */
const KeptAnswers = createContext<Answers | null | undefined>(undefined);

export function KeepFirstAnswers({ scope, children }: { scope: string; children: ReactNode }) {
  const [kept] = useState(() => ({ scope, answers: firstAnswers() }));
  return <KeptAnswers value={kept.scope === scope ? kept.answers : null}>{children}</KeptAnswers>;
}

/** The page's answer to `first`: the kept one inside KeepFirstAnswers, else the page's own while it has them. */
export function useFirstAnswer<C extends ApiCall>(first: FirstCall<C>): ResponseOf<C> | undefined {
  return firstAnswer(first, useContext(KeptAnswers));
}
