/**
 * Channels (the `{channel}` of /message/{channel}) are contact keys (spec section 3): the peer's uuid, or
 * `{peer}-{partner uuid}` for a partner conversation. Kept free of zod and XState: route configs load with the page.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const UUID_PATTERN = new RegExp(`^${UUID}$`, 'i');
const CHANNEL_PATTERN = new RegExp(`^(${UUID})(?:-(${UUID}))?$`, 'i');

export interface Channel {
  peer: string;
  partnerUuid?: string;
}

export function parseChannel(channel: string): Channel | null {
  const match = CHANNEL_PATTERN.exec(channel);
  if (!match) return null;
  return match[2] ? { peer: match[1].toLowerCase(), partnerUuid: match[2].toLowerCase() } : { peer: match[1].toLowerCase() };
}

export function channelOf({ peer, partnerUuid }: Channel): string {
  return partnerUuid ? `${peer}-${partnerUuid}` : peer;
}

/** /chat/{from}/{to}: `from` is the member's own uuid (direct) or the partner profile the conversation is about. */
export function channelOfChatLink(from: string, to: string, me: string): string {
  return from.toLowerCase() === me.toLowerCase() ? to.toLowerCase() : channelOf({ peer: to.toLowerCase(), partnerUuid: from.toLowerCase() });
}
