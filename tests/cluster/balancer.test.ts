import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingFrame } from '../../src/contract/calls/chat';
import { type ChatTestClient, connectChat, isAck, isChat } from '../support/chat-client';
import { type Cluster, startCluster } from '../support/cluster';
import type { MerchantDetail } from '../../src/contract/calls/merchant';
import { file, jpegWithExif, merchantPayload } from '../../server/directory/listing.fixtures';

/**
 * Issue 32 item 2: DESIGN section 9's many-machine mode for real: three server processes (separate OS processes,
 * each with its own port and DATA_DIR), PostgreSQL, redis-server, an S3 bucket (s3rver) and HAProxy in front (docs/ops/haproxy.cfg, the
 * README's sample). Everything goes through the balancer, which names the process that answered (X-Served-By).
 */
describe('three processes behind HAProxy', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(3);
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const register = async (name: string) => {
    const api = cluster.client();
    const res = await api.call('account/registerByPassword', { account: name, email: `${name}@example.test`, password: 'long-enough-1' });
    expect(res.status, res.msg).toBe(1);
    const token = (res.data as { token: string }).token;
    const me = (await api.call('user/me', { token })).data as { uuid: string };
    const config = (await api.call('home/config', { token })).data as { chat_token: string; im_url: string[] };
    return { token, uuid: me.uuid, chatToken: config.chat_token, imUrl: config.im_url[0], servedBy: res.headers.get('x-served-by') };
  };

  /** A chat socket through the balancer, initialised, on the process `where` accepts (it reconnects until then). */
  const openChat = async (who: { chatToken: string; imUrl: string }, where: (node: string) => boolean, resume: { peer_uuid: string; seq: number }[] = []) => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const client = await connectChat(who.imUrl, who.chatToken);
      if (client.servedBy && where(client.servedBy)) {
        client.send('chat/initUser', { resume }, 'init');
        await client.waitFor(isAck('init'));
        return client;
      }
      await client.close();
    }
    throw new Error('the balancer never gave a socket to the wanted process');
  };

  type Member = Awaited<ReturnType<typeof register>>;

  /**
   * A conversation kept as the app keeps it: the sender writes every 100 ms; on a close either side reconnects through
   * the balancer, the receiver resumes from the last seq it saw and the sender sends again what was not acked (the
   * same sign: stored once). The receiver's first socket sits on a process `where` accepts.
   */
  const liveConversation = async (sender: Member, receiver: Member, where: (node: string, senderNode: string) => boolean = () => true) => {
    const acked = new Set<string>();
    const written: string[] = [];
    const seen = new Map<string, number>();
    let lastSeq = 0;
    let running = true;
    const connect = async (who: Member, onFrame: (frame: IncomingFrame) => void, resume: () => { peer_uuid: string; seq: number }[], accept = (_node: string) => true) => {
      for (;;) {
        try {
          const client = await connectChat(who.imUrl, who.chatToken);
          if (!accept(client.servedBy ?? '')) {
            await client.close();
            continue;
          }
          client.socket.on('message', (data) => onFrame(JSON.parse(data.toString()) as IncomingFrame));
          client.send('chat/initUser', { resume: resume() }, 'init');
          await client.waitFor(isAck('init'));
          return client;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    const onSenderFrame = (frame: IncomingFrame) => {
      if (frame.message_type === 'ackMessage') acked.add(frame.confirmed_ack_id);
    };
    const onReceiverFrame = (frame: IncomingFrame) => {
      if (frame.message_type === 'chatMessage' && frame.data.from_uuid === sender.uuid) {
        expect(seen.has(frame.data.sign), `shown twice: ${frame.data.content}`).toBe(false);
        seen.set(frame.data.sign, frame.data.seq);
        lastSeq = Math.max(lastSeq, frame.data.seq);
      }
    };
    const resend = () => {
      for (const sign of written) if (!acked.has(sign)) senderChat.chat({ to_uuid: receiver.uuid, content: `message ${sign}`, sign });
    };
    let senderChat = await connect(sender, onSenderFrame, () => []);
    let receiverChat = await connect(receiver, onReceiverFrame, () => [{ peer_uuid: sender.uuid, seq: lastSeq }], (node) => where(node, senderChat.servedBy ?? ''));
    const keepSender = (): void => void senderChat.closed.then(async () => {
      if (!running) return;
      senderChat = await connect(sender, onSenderFrame, () => []);
      resend();
      keepSender();
    });
    const keepReceiver = (): void => void receiverChat.closed.then(async () => {
      if (!running) return;
      receiverChat = await connect(receiver, onReceiverFrame, () => [{ peer_uuid: sender.uuid, seq: lastSeq }]);
      keepReceiver();
    });
    keepSender();
    keepReceiver();
    const writing = (async () => {
      while (running) {
        const sign = randomUUID().replaceAll('-', '');
        written.push(sign);
        if (senderChat.socket.readyState === senderChat.socket.OPEN) senderChat.chat({ to_uuid: receiver.uuid, content: `message ${sign}`, sign });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return {
      /** How many of the sender's messages the receiver was shown. */
      get shown() {
        return seen.size;
      },
      /** The process holding the receiver's first socket. */
      receiverNode: receiverChat.servedBy,
      /** Stops writing; what was written goes out and arrives, every acked message shown once, the seqs without a gap. */
      async finish() {
        running = false;
        await writing;
        resend();
        await expect.poll(() => written.filter((sign) => !acked.has(sign)), { timeout: 15_000 }).toEqual([]);
        await expect.poll(() => written.filter((sign) => !seen.has(sign)), { timeout: 15_000 }).toEqual([]);
        const seqs = [...seen.values()].sort((a, b) => a - b);
        expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
        await senderChat.close();
        await receiverChat.close();
      },
    };
  };

  it('registers and logs in through the balancer, the requests landing on every process', async () => {
    expect(cluster.imUrl).toBe(`ws://127.0.0.1:${cluster.balancer.port}/im`);
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const user = await register(`spread${i}`);
      served.add(user.servedBy ?? '');
      // The session made on one process works on the others.
      const api = cluster.client();
      const login = await api.call('account/loginByPassword', { account: `spread${i}`, password: 'long-enough-1' });
      expect(login.status, login.msg).toBe(1);
      served.add(login.headers.get('x-served-by') ?? '');
      for (const node of cluster.nodes) {
        const me = await cluster.client(node.url).call('user/me', { token: (login.data as { token: string }).token });
        expect(me.status, `${node.name}: ${me.msg}`).toBe(1);
      }
    }
    expect([...served].sort()).toEqual(['app1', 'app2', 'app3']);
  });

  it('carries a chat between sockets on different processes, and a logout on a third closes the socket on the first', async () => {
    const ana = await register('ana');
    const ben = await register('ben');
    const anaChat = await openChat(ana, () => true);
    const benChat = await openChat(ben, (node) => node !== anaChat.servedBy);
    expect(benChat.servedBy).not.toBe(anaChat.servedBy);

    const { sign } = anaChat.chat({ to_uuid: ben.uuid, content: 'Across processes' });
    await anaChat.waitFor(isAck(sign));
    const delivered = await benChat.waitFor(isChat(sign));
    expect(delivered.data.content).toBe('Across processes');

    // Ana logs out on a process that holds neither socket: her socket, elsewhere, is closed within seconds.
    const third = cluster.nodes.find((node) => node.name !== anaChat.servedBy && node.name !== benChat.servedBy)!;
    const out = await cluster.client(third.url).call('account/loginOut', { token: ana.token });
    expect(out.status, out.msg).toBe(1);
    const closed = await Promise.race([anaChat.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
    expect(closed?.code).toBe(4001);
    await benChat.close();
  });

  it('a listing with its picture, written on one process, is read with its picture on the others', async () => {
    const owner = await register('lister');
    // A paid, verified member may publish a venue (DESIGN section 7): state no API call makes at once.
    await cluster.sql(`update users set kyc_status = 2, kyc_created_at = now() where uuid = $1`, [owner.uuid]);
    await cluster.sql(`insert into memberships (user_uuid, plan_item, starts_at, ends_at, order_id) values ($1, 2, now(), now() + interval '365 days', null)`, [owner.uuid]);
    const [tokyo] = await cluster.sql(`select cities.id from cities join regions on regions.id = cities.region_id where regions.slug = 'japan' and cities.slug = 'tokyo'`);
    const [writer, ...readers] = cluster.nodes;
    const created = await cluster.client(writer.url).upload('merchant/create', { token: owner.token, ...merchantPayload(Number(tokyo.id)) }, { cover: file(await jpegWithExif(320, 240)) });
    expect(created.status, created.msg).toBe(1);
    const merchant = created.data as MerchantDetail;
    const written = await fetch(`${writer.url}${merchant.cover!.image}`);
    expect(written.status).toBe(200);
    const bytes = Buffer.from(await written.arrayBuffer());
    for (const reader of readers) {
      const detail = await cluster.client(reader.url).call('merchant/detail', { id: merchant.id });
      expect(detail.status, `${reader.name}: ${detail.msg}`).toBe(1);
      expect((detail.data as MerchantDetail).cover?.image).toBe(merchant.cover!.image);
      for (const url of [merchant.cover!.image, merchant.cover!.thumb]) {
        const res = await fetch(`${reader.url}${url}`);
        expect([res.status, res.headers.get('content-type')], `${reader.name} ${url}`).toEqual([200, 'image/webp']);
        if (url === merchant.cover!.image) expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }
    // Through the balancer, whichever process answers.
    const viaBalancer = await fetch(`${cluster.url}${merchant.cover!.image}`);
    expect(viaBalancer.status).toBe(200);
    expect(Buffer.from(await viaBalancer.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a sandbox payment: ordered on one process, paid on the hosted page of another, polled on a third, credited once', async () => {
    const buyer = await register('buyer');
    const [orderer, payer, poller] = cluster.nodes;
    const order = { type: 6, item_id: 102, amount: 499, payment_type: 1, idempotency_key: randomUUID() };
    const created = await cluster.client(orderer.url).call('payment/uPay', { token: buyer.token, ...order });
    expect(created.status, created.msg).toBe(1);
    const { order_id, pay_url } = created.data as { order_id: string; pay_url: string };
    const poll = async () => (await cluster.client(poller.url).call('payment/checkOrderStatus', { token: buyer.token, order_id })).data;
    expect(await poll()).toEqual({ success: false, status: 'pending' });

    const page = new URL(pay_url, payer.url);
    expect((await fetch(page)).status).toBe(200);
    const approved = await fetch(`${payer.url}/payment.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order: page.searchParams.get('order')!, sig: page.searchParams.get('sig')!, outcome: 'approve' }),
    });
    expect(approved.status).toBe(200);
    await expect.poll(poll, { timeout: 10_000 }).toEqual({ success: true, status: 'paid' });
    // The same order again, on yet another process, is the same order: credited once.
    const again = await cluster.client(poller.url).call('payment/uPay', { token: buyer.token, ...order });
    expect(again.data).toEqual(created.data);
    for (const node of cluster.nodes) {
      const me = await cluster.client(node.url).call('user/me', { token: buyer.token });
      expect((me.data as { fun_score: number }).fun_score, node.name).toBe(550);
    }
  });

  it('holds rate limits and the replay check for the whole cluster', async () => {
    const api = cluster.client();
    // accountProbePerGuest: 20 a minute per client, whichever process answers (each sees about a third of them).
    const served = new Set<string>();
    const answers: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const res = await api.call('account/checkUsername', { username: `probe_${i}` });
      served.add(res.headers.get('x-served-by') ?? '');
      answers.push(res.httpStatus === 429 ? 429 : res.status);
    }
    expect(served.size).toBe(3);
    expect(answers).toEqual([...Array<number>(20).fill(1), 429, 429, 429, 429]);

    // One envelope, accepted by one process, refused by another.
    const sealed = api.seal({ account: 'once_only', email: 'once_only@example.test', password: 'long-enough-1' });
    const first = await cluster.client(cluster.nodes[0].url).postFields('account/registerByPassword', sealed);
    expect(first.status, first.msg).toBe(1);
    const again = await cluster.client(cluster.nodes[1].url).postFields('account/registerByPassword', sealed);
    expect([again.status, again.msg]).toEqual([0, 'This request was already received.']);
  });

  it('a rolling restart (SIGTERM, wait, start, next) loses no request and no acknowledged message', async () => {
    const eve = await register('eve');
    const fay = await register('fay');
    // Requests all along, through the balancer: every one must be answered.
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        try {
          const res = await cluster.client().call('user/me', { token: eve.token });
          if (res.status === 1) answered += 1;
          else failures.push(`${res.httpStatus} ${res.msg}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    })();

    const chat = await liveConversation(eve, fay);

    for (const node of cluster.nodes) {
      node.server.signal('SIGTERM');
      expect(await node.server.exit, `${node.name}:\n${node.server.output().slice(-3_000)}`).toEqual({ code: 0, signal: null });
      await cluster.restart(node.name);
    }
    running = false;
    await load;
    await chat.finish();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  }, 180_000);

  it('survives a process killed with SIGKILL: requests go on through the others, the chat reconnects and resumes without a gap', async () => {
    const cara = await register('cara');
    const dan = await register('dan');
    const caraChat = await openChat(cara, () => true);
    let danChat: ChatTestClient = await openChat(dan, (node) => node !== caraChat.servedBy);
    const victim = cluster.nodes.find((node) => node.name === danChat.servedBy)!;

    // What Dan was shown, by sign, from every socket he had (a sign seen twice would be a duplicate).
    const danSockets = [danChat];
    const shown = () =>
      danSockets.flatMap((client) =>
        client.frames.flatMap((frame: IncomingFrame) => (frame.message_type === 'chatMessage' && frame.data.from_uuid === cara.uuid ? [[frame.data.sign, frame.data.seq] as const] : [])),
      );
    const received = { get size() { return shown().length; } };
    const acked: string[] = [];
    const send = async (content: string) => {
      const { sign } = caraChat.chat({ to_uuid: dan.uuid, content });
      await caraChat.waitFor(isAck(sign));
      acked.push(sign);
    };
    for (let i = 0; i < 5; i += 1) await send(`before ${i}`);
    await expect.poll(() => received.size).toBe(5);
    const lastSeq = Math.max(...shown().map(([, seq]) => seq));

    await victim.server.kill();
    // Dan's socket is gone with its process; meanwhile Cara goes on writing and HTTP calls go on answering.
    await danChat.closed;
    for (let i = 0; i < 5; i += 1) await send(`during ${i}`);
    for (let i = 0; i < 6; i += 1) {
      const res = await cluster.client().call('user/me', { token: cara.token });
      expect(res.status, res.msg).toBe(1);
      expect(res.headers.get('x-served-by')).not.toBe(victim.name);
    }
    // Dan reconnects through the balancer (to a live process) and resumes from the last seq he saw.
    danChat = await openChat(dan, () => true, [{ peer_uuid: cara.uuid, seq: lastSeq }]);
    expect(danChat.servedBy).not.toBe(victim.name);
    danSockets.push(danChat);
    await expect.poll(() => received.size, { timeout: 10_000 }).toBe(10);
    expect(shown().map(([sign]) => sign).sort()).toEqual([...acked].sort());
    const seqs = shown().map(([, seq]) => seq).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));

    await cluster.restart(victim.name);
    await caraChat.close();
    await danChat.close();
  });
  it('keeps every flow going while a process is killed with SIGKILL in the middle of them all', async () => {
    const kim = await register('kim');
    const lee = await register('lee');
    const payer = await register('payer');
    const [tokyo] = await cluster.sql(`select cities.id from cities join regions on regions.id = cities.region_id where regions.slug = 'japan' and cities.slug = 'tokyo'`);
    await cluster.sql(`update users set kyc_status = 2, kyc_created_at = now() where uuid = $1`, [kim.uuid]);
    await cluster.sql(`insert into memberships (user_uuid, plan_item, starts_at, ends_at, order_id) values ($1, 2, now(), now() + interval '365 days', null)`, [kim.uuid]);
    const venue = (await cluster.client().upload('merchant/create', { token: kim.token, ...merchantPayload(Number(tokyo.id), { name: 'Through the crash' }) }, { cover: file(await jpegWithExif(200, 150)) }))
      .data as MerchantDetail;

    // Each flow is what the app does: an operation that failed (no answer, a 5xx, the replay check refusing a request
    // the balancer retried after the process died with it) is sent again as a new request with the same idempotency
    // key. An operation that never succeeds is lost.
    let running = true;
    const lost: string[] = [];
    const served = new Set<string>();
    const retrying = async <T,>(what: string, op: () => Promise<T | undefined>): Promise<T | undefined> => {
      for (let attempt = 0; attempt < 40; attempt += 1) {
        try {
          const result = await op();
          if (result !== undefined) return result;
        } catch {
          // No answer: sent again.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      lost.push(what);
      return undefined;
    };
    const ok = (res: Awaited<ReturnType<ReturnType<Cluster['client']>['call']>>) => {
      served.add(res.headers.get('x-served-by') ?? '');
      return res.status === 1 ? res.data : undefined;
    };
    let reads = 0;
    const reading = (async () => {
      while (running) {
        await retrying('a read of the venue', async () => ok(await cluster.client().call('merchant/detail', { id: venue.id })));
        await retrying('its picture', async () => {
          const res = await fetch(`${cluster.url}${venue.cover!.image}`);
          return res.status === 200 && (await res.arrayBuffer()).byteLength > 0 ? true : undefined;
        });
        reads += 1;
      }
    })();
    // Logins (a few: the per-account and per-address limits hold across the cluster) and reads of the new session.
    let logins = 0;
    const loggingIn = (async () => {
      for (let i = 0; running && i < 12; i += 1) {
        const who = [kim, lee, payer][i % 3];
        const name = who === kim ? 'kim' : who === lee ? 'lee' : 'payer';
        const session = (await retrying(`login ${i}`, async () => ok(await cluster.client().call('account/loginByPassword', { account: name, password: 'long-enough-1' })))) as
          | { token: string }
          | undefined;
        if (session) await retrying(`user/me after login ${i}`, async () => ok(await cluster.client().call('user/me', { token: session.token })));
        logins += 1;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    })();
    // Payments: ordered, approved on the hosted page, polled until paid; each under its own key, every step retried.
    const orders: string[] = [];
    const paying = (async () => {
      while (running) {
        const order = { type: 6, item_id: 102, amount: 499, payment_type: 1, idempotency_key: randomUUID() };
        const created = (await retrying('an order', async () => ok(await cluster.client().call('payment/uPay', { token: payer.token, ...order })))) as
          | { order_id: string; pay_url: string }
          | undefined;
        if (!created) continue;
        const page = new URL(created.pay_url, cluster.url);
        const approve = () =>
          fetch(`${cluster.url}/payment.html`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ order: page.searchParams.get('order')!, sig: page.searchParams.get('sig')!, outcome: 'approve' }),
          });
        await retrying(`approving ${created.order_id}`, async () => ((await approve()).status === 200 ? true : undefined));
        await retrying(`polling ${created.order_id}`, async () => {
          const status = ok(await cluster.client().call('payment/checkOrderStatus', { token: payer.token, order_id: created.order_id })) as { status: string } | undefined;
          return status?.status === 'paid' ? true : undefined;
        });
        orders.push(created.order_id);
      }
    })();
    // The chat: Kim writes to Lee, whose socket sits on another process than Kim's.
    const chat = await liveConversation(kim, lee, (node, kimNode) => node !== kimNode);
    const victim = cluster.nodes.find((node) => node.name === chat.receiverNode)!;

    // Everything runs; then the process holding Lee's socket dies in the middle of it.
    await expect.poll(() => [orders.length > 0, chat.shown > 5, reads > 3], { timeout: 20_000 }).toEqual([true, true, true]);
    const before = { orders: orders.length, shown: chat.shown, reads };
    await victim.server.kill();
    // The others carry on: more orders paid, messages delivered and reads answered after the death.
    await expect
      .poll(() => [orders.length >= before.orders + 2, chat.shown >= before.shown + 10, reads >= before.reads + 5], { timeout: 30_000 })
      .toEqual([true, true, true]);
    await cluster.restart(victim.name);
    running = false;
    await Promise.all([reading, loggingIn, paying]);
    await chat.finish();

    expect(lost).toEqual([]);
    expect(logins).toBeGreaterThan(3);
    expect([...served].filter(Boolean).sort()).toEqual(['app1', 'app2', 'app3']);
    // Every order paid once: one credit each, the balance exactly their coins.
    const credits = await cluster.sql(`select o.order_id, (select count(*) from ledger_transfers t where t.idempotency_key = 'order:' || o.order_id)::int as credits from orders o where o.user_uuid = $1 and o.status = 'paid'`, [payer.uuid]);
    expect(credits.map((row) => row.order_id).sort()).toEqual([...orders].sort());
    expect(credits.every((row) => row.credits === 1)).toBe(true);
    const me = await cluster.client().call('user/me', { token: payer.token });
    expect((me.data as { fun_score: number }).fun_score).toBe(550 * orders.length);
    const [{ total }] = await cluster.sql(`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`);
    expect(Number(total)).toBe(0);
  }, 120_000);
});
