import { useSelector } from '@xstate/react';
import { useRouterState } from '@tanstack/react-router';
import { AuthDialog } from '@/ui/account/auth-dialog';
import { SentLinkSuccess } from '@/ui/account/sent-link-success';
import { useAppSystem } from './app-context';
import { ForgotPasswordFormContainer, LoginFormContainer, RegisterFormContainer, welcomeNewMember } from './auth-forms';

/**
 * The auth dialog (spec section 2, overlay 1) and its views, driven by the auth dialog machine. Loaded and mounted by
 * the overlays (overlays.tsx) while the dialog is open, so each opening starts its forms afresh.
 */
export function AuthDialogHost({ lang }: { lang: string }) {
  const system = useAppSystem();
  const { authDialog, session } = system;
  const open = useSelector(authDialog, (s) => s.hasTag('open'));
  const view = useSelector(authDialog, (s) => s.context.view);
  const email = useSelector(authDialog, (s) => s.context.email);
  const canGoBack = useSelector(authDialog, (s) => s.hasTag('canGoBack'));
  const routeName = useRouterState({ select: (s) => s.matches.at(-1)?.routeId ?? '' });
  const go = (next: 'login' | 'register' | 'forgotPassword') => authDialog.send({ type: 'authDialog.go', view: next });

  const onRegistered = async (token: string) => {
    const wantsVerify = await welcomeNewMember(system, token);
    authDialog.send({ type: 'authDialog.registered', wantsVerify, routeName });
  };

  return (
    <AuthDialog
      open={open}
      view={view}
      canGoBack={canGoBack}
      onBack={() => authDialog.send({ type: 'authDialog.back' })}
      onClose={() => authDialog.send({ type: 'authDialog.close' })}
    >
      {view === 'login' && (
        <LoginFormContainer
          onDone={(token) => session.send({ type: 'session.login', token })}
          onCreateAccount={() => go('register')}
          onForgotPassword={() => go('forgotPassword')}
        />
      )}
      {view === 'register' && <RegisterFormContainer lang={lang} onDone={(token) => void onRegistered(token)} onLogin={() => go('login')} />}
      {view === 'forgotPassword' && (
        <ForgotPasswordFormContainer onDone={(address) => authDialog.send({ type: 'authDialog.linkSent', email: address })} />
      )}
      {view === 'sentLinkSuccess' && <SentLinkSuccess email={email ?? ''} onBackToLogin={() => go('login')} />}
    </AuthDialog>
  );
}
