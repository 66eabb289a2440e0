/**
 * Whether the page is the app's yet (src/services/hydration.ts): settles at once on a page the app rendered itself,
 * and once every part of it is hydrated on one the server rendered. Lazy parts that would suspend (the overlays, the
 * update checks) wait for it, because React holds back its idle-priority hydration of the page while a suspended
 * part's commit is pending. A module of its own, in the first page: the hydration's code loads only where needed.
 */
let markHydrated!: () => void;
export const pageHydrated = new Promise<void>((resolve) => {
  markHydrated = resolve;
});
export function setPageHydrated(): void {
  markHydrated();
}
