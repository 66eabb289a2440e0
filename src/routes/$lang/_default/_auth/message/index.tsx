import { createFileRoute } from '@tanstack/react-router';
import { MessagesRoutePage } from '@/routes/-chat/messages-screen';

/** /message (spec section 2; message layout, auth): the member's conversations. The page is -chat/messages-screen.tsx. */
export const Route = createFileRoute('/$lang/_default/_auth/message/')({
  component: MessagesRoutePage,
});
