import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';

export const appConfig = z.object({
  /** Short-lived token for the chat socket; '' for guests. */
  chat_token: z.string(),
  via: z.string(),
  /** Chat server addresses; the client connects to one picked at random. */
  im_url: z.array(z.string()),
});
export type AppConfig = z.infer<typeof appConfig>;

export const config = defineCall({
  path: 'home/config',
  mutates: false,
  auth: 'optional',
  payload: emptyPayload,
  response: appConfig,
});
