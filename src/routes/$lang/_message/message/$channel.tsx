import { createFileRoute } from '@tanstack/react-router';
import { paramsWhere } from '@/routes/-app/guards';
import { parseChannel } from '@/routes/-chat/channel';
import { ConversationRoutePage } from '@/routes/-chat/conversation-screen';
import { PlaceNotFound } from '@/routes/-directory/place-not-found';

/**
 * /message/{channel} (spec section 2; message layout, auth): one conversation. The channel is the contact key:
 * the peer's uuid, or `{peer}-{partner uuid}` for a partner conversation; anything else is the 404 page.
 */
export const Route = createFileRoute('/$lang/_message/message/$channel')({
  params: { parse: paramsWhere((params: { channel: string }) => parseChannel(params.channel) !== null) },
  component: ConversationRoutePage,
  notFoundComponent: PlaceNotFound,
});
