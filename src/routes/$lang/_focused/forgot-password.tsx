import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec names the recovery route both /forget-password (route table) and /forgot-password (rules): one page. */
export const Route = createFileRoute('/$lang/_focused/forgot-password')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$lang/forget-password', params: { lang: params.lang } });
  },
});
