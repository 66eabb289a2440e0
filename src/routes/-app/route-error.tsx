import { useLingui } from '@lingui/react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorPage } from '@/ui/app/error-page';

/** The error page of spec section 2 overlay 7 for a route that failed: "Internal Server Error", with retry. */
export function RouteError({ reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  return (
    <ErrorPage
      status={500}
      homeHref={`/${i18n.locale}`}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
