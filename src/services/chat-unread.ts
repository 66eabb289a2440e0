/**
 * The unread chat total for the messages tab's badge. The app shell reads it on every page, while the chat itself
 * (its machines, socket and calls) loads only for a logged-in member: this store is the one piece the shell needs,
 * and the chat writes it.
 */
type Listener = () => void;

let total = 0;
const listeners = new Set<Listener>();

export const chatUnread = {
  get: (): number => total,
  set(next: number): void {
    if (next === total) return;
    total = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
