import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * The page's chat socket (`/im`) through a route that can cut it and refuse new ones until restored, as a dropped
 * connection would (Chromium's offline mode leaves an open WebSocket open).
 */
export async function routeChatSocket(page: Page) {
  let down = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/im\?/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'offline' });
      return;
    }
    const server = ws.connectToServer();
    open.add(ws);
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
  };
}
