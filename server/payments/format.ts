/** An order id (a UUID), as it arrives in a cursor, a pay page's query or a provider event. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Cents as an amount of money, as the provider's page and the range refusal show it: `$4.99`. */
export function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A provider-side page (the sandbox's pay page, the page Stripe Checkout returns to): plain and in English, like a
 * real provider's, never the app's. `body` is HTML the caller has escaped.
 */
export function providerPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c1c1a}
h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}form{display:flex;gap:.75rem}
button{min-height:44px;padding:0 1.25rem;border-radius:.5rem;border:1px solid #0b5c55;font:inherit;cursor:pointer}
.approve{background:#0b5c55;color:#fff}.decline{background:#fff;color:#0b5c55}.note{color:#5b5b57;font-size:.875rem}
.test-mode{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:0 0 1.5rem;padding:.5rem .75rem;border-radius:.5rem;background:#fef6e2;color:#93370d;font-size:.875rem}
.test-mode strong{padding:.125rem .5rem;border-radius:999px;background:#93370d;color:#fef6e2;font-size:.8125rem}</style>
</head><body><main>${body}</main></body></html>`;
}
