import { createFileRoute } from '@tanstack/react-router';
import { paramsWhere } from '../../../-app/guards';
import { parseChannel } from '../../../-chat/channel';
import { ConversationRoutePage } from '../../../-chat/conversation-screen';
import { PlaceNotFound } from '../../../-directory/place-not-found';

/**
 * /message/{channel} (spec section 2; message layout, auth): one conversation. The channel is the contact key:
 * the peer's uuid, or `{peer}-{partner uuid}` for a partner conversation; anything else is the 404 page.
 */
export const Route = createFileRoute('/$lang/_auth/message/$channel')({
  params: { parse: paramsWhere((params: { channel: string }) => parseChannel(params.channel) !== null) },
  // The conversation's frame: its own header, no app header or tab bar ($lang.tsx).
  staticData: { frame: 'message' },
  component: ConversationRoutePage,
  notFoundComponent: PlaceNotFound,
});
