import { createFileRoute, redirect } from '@tanstack/react-router';
import { paramsWhere } from '@/routes/-app/guards';
import { channelOfChatLink, UUID_PATTERN } from '@/routes/-chat/channel';

/**
 * /chat/{from}/{to} (spec section 2; auth): a link into a conversation, as the partner page's chat action makes it.
 * `to` is the peer; `from` is the partner profile the conversation is about, or the member's own uuid for a direct
 * conversation. It redirects to the conversation's page, /message/{channel}.
 */
export const Route = createFileRoute('/$lang/_default/_auth/chat/$from/$to')({
  params: { parse: paramsWhere((params: { from: string; to: string }) => UUID_PATTERN.test(params.from) && UUID_PATTERN.test(params.to)) },
  beforeLoad: async ({ context, params }) => {
    const system = await context.system;
    const me = system.session.getSnapshot().context.user?.uuid ?? '';
    throw redirect({ to: '/$lang/message/$channel', params: { lang: params.lang, channel: channelOfChatLink(params.from, params.to, me) } });
  },
});
