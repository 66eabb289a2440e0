import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type Actor, createActor, fromPromise, type InspectionEvent } from 'xstate';
import { appUpdateMachine } from '@/machines/app/app-update.machine';
import { readRuntimeConfig } from '@/services/runtime-config';
import { fetchBuildInfo, registerServiceWorker, type ServiceWorkerControl } from '@/services/service-worker';
import { Button } from '@/ui/kit/button';
import { translateCode } from '@/ui/app/messages';

/**
 * The "new version" offer (issue 3): /build.json polled every 5 minutes and on focus, the service worker's
 * waiting update, and a toast with reload. Loaded after the first render with the rest of the app system. A page
 * without the server's runtime config (no build version to compare) has none: null.
 */
/** The XState inspector for `?inspect`, shared with the app system (one connection: src/services/inspector.ts). */
export { inspectorFromUrl } from '@/services/inspector';

export function startAppUpdates(inspect?: (event: InspectionEvent) => void) {
  const currentVersion = readRuntimeConfig()?.version;
  if (currentVersion === undefined) return null;
  let serviceWorker: ServiceWorkerControl | null = null;
  const actor = createActor(
    appUpdateMachine.provide({
      actors: { fetchBuild: fromPromise(({ signal }) => fetchBuildInfo(signal)) },
      actions: { reload: () => void (serviceWorker ? serviceWorker.applyUpdate() : window.location.reload()) },
    }),
    { systemId: 'appUpdate', input: { currentVersion }, inspect },
  ).start();
  const check = () => actor.send({ type: 'app.focus' });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.addEventListener('online', check);
  window.addEventListener('focus', check);
  void registerServiceWorker({ onUpdateWaiting: check }).then((control) => {
    serviceWorker = control;
  });
  return actor;
}

/** The offer itself; stays until the user reloads. */
export function AppUpdateToast({ actor }: { actor: Actor<typeof appUpdateMachine> }) {
  const { i18n } = useLingui();
  const available = useSelector(actor, (snapshot) => snapshot.hasTag('updateAvailable'));
  if (!available) return null;
  return (
    <div className="toast-area">
      <div className="toast-region" role="status">
        <div className="toast">
          <p className="toast-text">{translateCode(i18n, 'app.update.available')}</p>
          <Button variant="link" onClick={() => actor.send({ type: 'app.reload' })}>
            {translateCode(i18n, 'app.update.reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
