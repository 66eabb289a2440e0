/** Lingui's Vite plugin compiles a locale's PO catalog into a module exporting its messages. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
