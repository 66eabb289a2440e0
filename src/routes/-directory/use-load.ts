import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
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
 */
export function useLoad<T>(perform: (signal: AbortSignal) => Promise<T>): Load<T> {
  const actor = useActorRef(
    requestMachine.provide({
      actors: { perform: fromPromise<unknown, PerformInput>(({ signal }) => perform(signal)) },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'request.start', params: null });
  }, [actor]);
  const value = useSelector(actor, (s) => s.value);
  const data = useSelector(actor, (s) => s.context.result as T | null);
  const error = useSelector(actor, (s) => s.context.error);
  return useMemo(
    () => ({
      status: value === 'finished' ? 'ready' : value === 'failed' ? 'error' : 'loading',
      data: value === 'finished' ? data : null,
      error,
      retry: () => actor.send({ type: 'request.start' }),
    }),
    [actor, value, data, error],
  );
}
