/**
 * Marks a promise as React's `use` marks one it has seen settle, once it has: a render that needs its value then
 * reads it at once, instead of suspending once on a promise new to React (the page would show nothing meanwhile).
 */
export function markSettledForUse<T>(pending: Promise<T>): Promise<T> {
  Promise.prototype.then.call(pending, (value: T) => markSettled(pending, value), () => undefined);
  return pending;
}

function markSettled<T>(pending: Promise<T>, value: T): void {
  Object.assign(pending, { status: 'fulfilled', value });
}
