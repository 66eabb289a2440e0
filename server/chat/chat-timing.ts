import { channel } from 'node:diagnostics_channel';

/**
 * Where a chat message's time goes on the server, published on Node's diagnostics channels for whoever subscribes
 * (the chat benchmark's split of the tail: `npm run bench -- chat`). Nothing is built or sent while nobody listens
 * (`hasSubscribers`). Operators see the same arrival-to-ack time as the histogram `venuely_chat_ack_seconds`
 * (server/metrics/).
 */

/** One acked message (im.plugin): from its frame's arrival on the socket to its ack written to the socket. */
export interface ChatAckTiming {
  /** Arrival to ack, ms: waiting behind the socket's earlier frames, parsing, checks, the store, the ack. */
  ackMs: number;
  /** Of which the store (sendMessage: the conversation's checks and the append), ms. */
  storeMs: number;
}

/** One message stored through the append batcher (append-batcher.ts). */
export interface ChatStoreTiming {
  /** Waiting in the batcher before its call started, ms (its conversation in a running call, or every call slot taken). */
  queuedMs: number;
  /** The database call that stored it, ms: the round trip and the statement. */
  callMs: number;
  /** Messages in that call. */
  batch: number;
}

export const chatAckChannel = channel('venuely:chat:ack');
export const chatStoreChannel = channel('venuely:chat:store');
