import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardProviderError } from '@/ui/wallet/card-provider';
import { createSandboxCardApi, SANDBOX_SETUP_INTENTS } from './sandbox-card';

/**
 * The sandbox card element's calls (issue 31 item 14), against a loopback server that records each request and
 * answers what the test queued, as the sandbox provider's API (server/payments/sandbox-cards.ts) would.
 */

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

const read = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
};

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((body) => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', contentType: request.headers['content-type'], body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const respond = (status: number, body: unknown) => {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
};

const SECRET = 'seti_3Abc_secret_xyz';

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CardProviderError);
  return (error as CardProviderError).code;
}

describe('sandbox card api', () => {
  it('confirms a setup intent by its id with the secret and the card number as digits only', async () => {
    respond(200, { id: 'seti_3Abc', status: 'succeeded', payment_method: 'pm_sandbox_1' });
    const api = createSandboxCardApi({ baseUrl });
    await expect(api.confirmSetup(SECRET, '4242 4242-4242 4242')).resolves.toEqual({ status: 'succeeded', payment_method_id: 'pm_sandbox_1' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: `${SANDBOX_SETUP_INTENTS}/seti_3Abc/confirm`,
        contentType: 'application/json',
        body: JSON.stringify({ client_secret: SECRET, card_number: '4242424242424242' }),
      },
    ]);
    // The expiry goes with the number, as Stripe's element sends it.
    respond(200, { id: 'seti_3Abc', status: 'succeeded', payment_method: 'pm_sandbox_2' });
    await api.confirmSetup(SECRET, '4242424242424242', { month: 12, year: 2030 });
    expect(seen.at(-1)?.body).toBe(JSON.stringify({ client_secret: SECRET, card_number: '4242424242424242', exp_month: 12, exp_year: 2030 }));
  });

  it('retrieves a setup intent with its secret in the query; no payment method yet is null', async () => {
    respond(200, { id: 'seti_3Abc', status: 'processing', payment_method: null });
    const api = createSandboxCardApi({ baseUrl });
    await expect(api.retrieveSetup(SECRET)).resolves.toEqual({ status: 'processing', payment_method_id: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', body: '' });
    const url = new URL(seen[0].url, baseUrl);
    expect(url.pathname).toBe(`${SANDBOX_SETUP_INTENTS}/seti_3Abc`);
    expect(url.searchParams.get('client_secret')).toBe(SECRET);
  });

  it('escapes the id taken from the client secret in the path', async () => {
    respond(200, { status: 'succeeded', payment_method: 'pm_x' });
    await createSandboxCardApi({ baseUrl }).retrieveSetup('seti/../x_secret_1');
    expect(new URL(seen[0].url, baseUrl).pathname).toBe(`${SANDBOX_SETUP_INTENTS}/seti%2F..%2Fx`);
  });

  it('turns the provider’s refusals into the ui’s codes', async () => {
    const api = createSandboxCardApi({ baseUrl });
    respond(200, { status: 'failed', error: 'card_declined' });
    expect(await refusal(api.confirmSetup(SECRET, '4000000000000002'))).toBe('card.declined');
    respond(200, { status: 'failed', error: 'not_a_test_card' });
    expect(await refusal(api.confirmSetup(SECRET, '5555555555554444'))).toBe('card.notTestCard');
    respond(200, { status: 'failed', error: 'card_limit' });
    expect(await refusal(api.confirmSetup(SECRET, '4242424242424242'))).toBe('card.limit');
    // An error the client does not know is a decline; a failed retrieve is read the same way.
    respond(200, { status: 'failed', error: 'something_new' });
    expect(await refusal(api.retrieveSetup(SECRET))).toBe('card.declined');
  });

  it('answers card.unavailable when the provider answers an HTTP error', async () => {
    const api = createSandboxCardApi({ baseUrl });
    respond(400, { error: 'bad_request' });
    expect(await refusal(api.confirmSetup(SECRET, '4242424242424242'))).toBe('card.unavailable');
    respond(503, 'down');
    expect(await refusal(api.retrieveSetup(SECRET))).toBe('card.unavailable');
  });

  it('uses the fetch it is given, else the page’s, looked up at each call', async () => {
    const calls: string[] = [];
    const stub: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ status: 'succeeded', payment_method: 'pm_stub' }), { status: 200 });
    };
    await expect(createSandboxCardApi({ fetch: stub }).retrieveSetup(SECRET)).resolves.toEqual({ status: 'succeeded', payment_method_id: 'pm_stub' });
    expect(calls).toEqual([`${SANDBOX_SETUP_INTENTS}/seti_3Abc?client_secret=${encodeURIComponent(SECRET)}`]);

    const api = createSandboxCardApi();
    const original = globalThis.fetch;
    globalThis.fetch = stub;
    try {
      await api.confirmSetup(SECRET, '4242424242424242');
    } finally {
      globalThis.fetch = original;
    }
    expect(calls.at(-1)).toBe(`${SANDBOX_SETUP_INTENTS}/seti_3Abc/confirm`);
    expect(seen).toEqual([]);
  });
});
