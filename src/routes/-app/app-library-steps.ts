/**
 * The app libraries' steps (app-libraries.ts), in order, each a chunk evaluated in a task of its own: zod with the
 * call envelope's few schemas (not `import('zod')`: a chunk of zod's own would be all of zod, every locale included,
 * since nothing could be left out of a namespace imported whole), then the contract's shared fields, economy,
 * shapes, the venue calls and the profile calls; then the API client with the envelope's crypto, and XState with the
 * session machine (together with the app system's other machines they were one task of 25 ms on this machine, 100 ms
 * on a phone 4× slower).
 */
import type { Step } from './app-libraries';

export const STEPS: readonly Step[] = [
  () => import('@/contract/call'),
  () => import('@/contract/fields'),
  () => import('@/contract/economy'),
  () => import('@/contract/shapes'),
  () => import('@/contract/calls/merchant'),
  () => import('@/contract/calls/partner'),
  () => import('@/services/api-client'),
  () => import('@/machines/account/session.machine'),
];
