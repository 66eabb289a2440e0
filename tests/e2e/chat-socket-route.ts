import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * The page's chat socket (`/im`) through a route that can cut it and refuse new ones until restored, as a dropped
 * connection would (Chromium's offline mode leaves an open WebSocket open), and can hold the server's frames back
 * (a slow answer) until released.
 */
export async function routeChatSocket(page: Page) {
  let down = false;
  let held: (() => void)[] | null = null;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/im\?/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'offline' });
      return;
    }
    const server = ws.connectToServer();
    open.add(ws);
    // Forwarded by hand, so that the server's frames can wait.
    ws.onMessage((frame) => server.send(frame));
    server.onMessage((frame) => {
      if (held) held.push(() => ws.send(frame));
      else ws.send(frame);
    });
    ws.onClose(() => {
      open.delete(ws);
      void server.close();
    });
    server.onClose(() => {
      open.delete(ws);
      void ws.close();
    });
  });
  return {
    /** Closes the open sockets and refuses new ones. */
    async cut() {
      down = true;
      for (const ws of [...open]) await ws.close({ code: 4000, reason: 'offline' });
    },
    /** Lets new sockets through again; the app reconnects by itself. */
    restore() {
      down = false;
    },
    /** The sockets open now. */
    openCount: () => open.size,
    /** Holds the server's frames back until `release`. */
    hold() {
      held ??= [];
    },
    /** Delivers the held frames, in order, and lets the next ones through. */
    release() {
      const frames = held ?? [];
      held = null;
      for (const deliver of frames) deliver();
    },
  };
}
