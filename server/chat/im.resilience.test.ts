import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingFrame } from '@/contract/calls/chat';
import { type ChatTestClient, connectChat, isAck } from '../../tests/support/chat-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { freePort } from '../../tests/support/free-port';
import { createRawClient } from '../../tests/support/raw-client';
import { type ServerProcess, serverProcessEnv, startServerProcess } from '../../tests/support/server-process';

/**
 * Issue 11, resilience (DESIGN section 8): the server process is killed with SIGKILL in the middle of a conversation
 * and started again on the same database. Every message a client saw acked is in the history exactly once; the
 * sender's outbox (every message not acked) is resent with the same signs and stored once; the receiver resumes from
 * its last seq and gets the rest in order, without a gap.
 */
describe.each(DATABASE_KINDS)('a chat server killed with SIGKILL, on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('loses no acked message, stores none twice, and the clients resume without a gap', async () => {
    const env = await serverProcessEnv(kind, cleanups, 'venuely-kill-');
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(port, env);
    cleanups.push(() => server.stop());
    const api = createRawClient(server.baseUrl, env.API_AES_KEY, env.API_SIGN_KEY);
    const register = async (name: string) => {
      const res = await api.call('account/registerByPassword', { account: name, email: `${name}@example.test`, password: 'long-enough-1' });
      expect(res.status, res.msg).toBe(1);
      const token = (res.data as { token: string }).token;
      const me = (await api.call('user/me', { token })).data as { uuid: string };
      const config = (await api.call('home/config', { token })).data as { chat_token: string; im_url: string[] };
      return { token, uuid: me.uuid, chatToken: config.chat_token, imUrl: config.im_url[0] };
    };
    const sender = await register('sender');
    const receiver = await register('receiver');

    const received = new Map<string, number>();
    const track = (client: ChatTestClient) =>
      client.socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as IncomingFrame;
        if (frame.message_type === 'chatMessage' && frame.data.from_uuid === sender.uuid) {
          expect(received.has(frame.data.sign), `shown twice: ${frame.data.content}`).toBe(false);
          received.set(frame.data.sign, frame.data.seq);
        }
      });
    const open = async (who: { chatToken: string; imUrl: string }, resume: { peer_uuid: string; seq: number }[]) => {
      const client = await connectChat(who.imUrl, who.chatToken);
      client.send('chat/initUser', { resume }, 'init');
      await client.waitFor(isAck('init'));
      return client;
    };

    let from = await open(sender, []);
    let to = await open(receiver, []);
    track(to);
    const acked = new Map<string, number>();
    const trackAcks = (client: ChatTestClient) =>
      client.socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as IncomingFrame;
        if (frame.message_type === 'ackMessage' && frame.seq !== undefined) acked.set(frame.confirmed_ack_id, frame.seq);
      });
    trackAcks(from);

    // The sender writes steadily (8 a second, inside the socket's rate limit) and the process dies mid-stream.
    const outbox: { sign: string; content: string }[] = [];
    let stopped = false;
    const writing = (async () => {
      for (let i = 1; i <= 40 && !stopped; i++) {
        if (from.socket.readyState !== from.socket.OPEN) break;
        const content = `message ${i}`;
        const { sign } = from.chat({ to_uuid: receiver.uuid, content });
        outbox.push({ sign, content });
        await new Promise((resolve) => setTimeout(resolve, 125));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.kill();
    stopped = true;
    await writing;
    expect(acked.size).toBeGreaterThan(3);
    const ackedBeforeKill = new Map(acked);

    server = await startServerProcess(port, env);
    // Reconnect: each resumes from the end of its unbroken run of seqs; the sender resends every unacked message.
    const run = (seqs: Iterable<number>) => {
      const held = new Set(seqs);
      let n = 0;
      while (held.has(n + 1)) n += 1;
      return n;
    };
    from = await open(sender, [{ peer_uuid: receiver.uuid, seq: run(acked.values()) }]);
    trackAcks(from);
    to = await open(receiver, [{ peer_uuid: sender.uuid, seq: run(received.values()) }]);
    track(to);
    for (const message of outbox.filter((m) => !acked.has(m.sign))) {
      from.chat({ to_uuid: receiver.uuid, content: message.content, sign: message.sign });
      await from.waitFor(isAck(message.sign));
    }
    await to.quiet(500);

    const history: { seq: number; sign: string; content: string }[] = [];
    for (let page = 1; ; page++) {
      const res = (await api.call('chat/getHistory', { token: receiver.token, page, from_uuid: sender.uuid })).data as {
        list: { seq: number; sign: string; content: string }[];
        has_more: boolean;
      };
      history.unshift(...res.list);
      if (!res.has_more) break;
    }
    // Every message written is stored exactly once, numbered 1..n without a gap, in the order it was written.
    expect(history.map((m) => m.seq)).toEqual(history.map((_, i) => i + 1));
    expect(history.map((m) => m.sign)).toEqual(outbox.map((m) => m.sign));
    expect(new Set(history.map((m) => m.sign)).size).toBe(history.length);
    // What was acked before the crash kept its number.
    for (const [sign, seq] of ackedBeforeKill) expect(history.find((m) => m.sign === sign)?.seq).toBe(seq);
    // The receiver saw every message once (live, replayed or sent after the restart), none missing.
    expect([...received.values()].sort((a, b) => a - b)).toEqual(history.map((m) => m.seq));
    await from.close();
    await to.close();
  }, 120_000);
});
