import { useSelector } from '@xstate/react';
import { lazy } from 'react';
import { DialogStack } from '@/ui/app/dialog-stack';
import { ToastArea } from '@/ui/app/toast-area';
import { useAppSystem } from './app-context';
import { WithFeatureCatalog } from './with-feature-catalog';

/**
 * The auth dialog with its forms and their machines, loaded the first time it opens: most visits never open it, and
 * loading it with the overlays after the first paint was a dozen more chunks (and the forms catalog) for every first
 * visit to evaluate while the page should be answering taps (issue 10, total blocking time).
 */
const AuthDialogHost = lazy(() => import('./auth-dialog-host').then((m) => ({ default: m.AuthDialogHost })));

/** The app's overlays (spec section 2): the auth dialog, the dialog message stack and the toast area. */
export function Overlays({ lang }: { lang: string }) {
  return (
    <>
      <AuthDialogGate lang={lang} />
      <DialogStackHost />
      <ToastHost />
    </>
  );
}

/**
 * Mounts the auth dialog while the auth dialog machine has it open; its code and its texts (the forms catalog) load on
 * the first opening, inside a boundary of their own, so the other overlays never wait for them.
 */
function AuthDialogGate({ lang }: { lang: string }) {
  const { authDialog } = useAppSystem();
  const open = useSelector(authDialog, (s) => s.hasTag('open'));
  return open ? (
    <WithFeatureCatalog name="forms">
      <AuthDialogHost lang={lang} />
    </WithFeatureCatalog>
  ) : null;
}

function DialogStackHost() {
  const { dialogStack } = useAppSystem();
  const messages = useSelector(dialogStack, (s) => s.context.messages);
  return <DialogStack messages={messages} onClose={(id, result) => dialogStack.send({ type: 'dialog.close', id, result })} />;
}

function ToastHost() {
  const { toast } = useAppSystem();
  const toasts = useSelector(toast, (s) => s.context.toasts);
  return (
    <ToastArea
      toasts={toasts}
      onDismiss={(id) => toast.send({ type: 'toast.dismiss', id })}
      onPause={(source) => toast.send({ type: 'toast.pause', source })}
      onResume={(source) => toast.send({ type: 'toast.resume', source })}
    />
  );
}
