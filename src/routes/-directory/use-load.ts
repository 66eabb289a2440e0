import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { type PerformInput, type RequestError, requestMachine } from '@/machines/app/request.machine';

export type LoadStatus = 'loading' | 'ready' | 'error';

export interface Load<T> {
  status: LoadStatus;
  data: T | null;
  error: RequestError | null;
  retry(): void;
}

/**
 * One read for a page section, run by the request machine (loading, finished, failed, and retry) and started when
 * the section mounts: home sections, dictionaries, the geography. Unmounting stops the machine, which aborts the
 * call. `perform` is read once, like every machine implementation given to useActorRef.
 *
 * `initial` is the answer the page was server-rendered with (src/services/first-data.ts): the section starts
 * ready with it and asks nothing, so its first render matches the server's markup; a retry asks the API.
 */
export function useLoad<T>(perform: (signal: AbortSignal) => Promise<T>, initial?: T): Load<T> {
  const actor = useActorRef(
    requestMachine.provide({
      actors: { perform: fromPromise<unknown, PerformInput>(({ signal }) => perform(signal)) },
    }),
  );
  const [seed] = useState(() => (initial === undefined ? null : { data: initial }));
  useEffect(() => {
    if (!seed) actor.send({ type: 'request.start', params: null });
  }, [actor, seed]);
  const value = useSelector(actor, (s) => s.value);
  const data = useSelector(actor, (s) => s.context.result as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  return useMemo(() => {
    const retry = () => actor.send({ type: 'request.start' });
    if (seed && value === 'idle') return { status: 'ready', data: seed.data, error: null, retry };
    return {
      status: value === 'finished' ? 'ready' : value === 'failed' ? 'error' : 'loading',
      data: value === 'finished' ? data : null,
      error,
      retry,
    };
  }, [actor, seed, value, data, error]);
}
