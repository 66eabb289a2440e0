import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { IdDocumentType } from '@/contract/feature-enums';
import { type ChatTestClient, connectChat, isAck } from '../../tests/support/chat-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import type { KycImageRef } from '../db/schema';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { insertSubmission } from '../kyc/kyc.repository';
import { SANDBOX_WEBHOOK, sandboxSignature } from '../payments/sandbox.provider';
import { giveEarnedPoints } from '../wallet/wallet.fixtures';
import { isolated } from './notices';
import { WELCOME_SIGN } from './welcome';

type Frame = { message_type: string; data?: { sign: string; from_uuid: string; content: string; seq: number } };
const AR = { 'Accept-Language': 'ar-SA' };
/** Dollars as the locale writes them (Arabic puts a right-to-left mark before the number). */
const usd = (locale: string, cents: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
const JA = { 'Accept-Language': 'ja-JP' };

/**
 * Issue 30 item 4: the system contact's notices. Each event (an identity check approved or rejected, a withdrawal paid
 * or rejected, a payment received) stores exactly one notice, in the event's transaction, which reaches the member's
 * open socket at once in the account's language and reads in the language of whoever fetches it; a refused or
 * repeated action, or a redelivered webhook, sends none.
 */
describe.each(DATABASE_KINDS)('system contact notices on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let admin: TestUser;
  let imUrl: string;
  const sockets: ChatTestClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    admin = await createUser(t, api, 'Moderator', 1, 'admin');
    imUrl = `ws://127.0.0.1:${new URL(t.baseUrl).port}/im`;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  /** A member who uses the app in Arabic (the language of their requests), with their chat socket open. */
  async function arabicMemberOnline(name: string, membership: 1 | 3 = 1): Promise<{ user: TestUser; socket: ChatTestClient }> {
    const user = await createUser(t, api, name, membership);
    const config = (await api.call('home/config', { token: user.token }, AR)).data as { chat_token: string };
    // The browser opens the socket with its own language; the account's counts.
    const socket = await connectChat(imUrl, config.chat_token, { headers: { 'Accept-Language': 'en-US' } });
    sockets.push(socket);
    socket.send('chat/initUser', { resume: [] }, 'init');
    await socket.waitFor(isAck('init'));
    return { user, socket };
  }

  /**
   * The member's messages from the system contact, as a request in `headers`' language reads them, oldest first. Like
   * any request of the member's, it makes its language the account's (what the socket pushes in from then on).
   */
  async function notices(user: TestUser, headers: Record<string, string> = JA): Promise<{ sign: string; content: string }[]> {
    const res = await api.call('chat/getHistory', { token: user.token, page: 1, from_uuid: SYSTEM_CHAT_UUID }, headers);
    expect(res.status, res.msg).toBe(1);
    return (res.data as { list: { sign: string; content: string; from_uuid: string }[] }).list
      .filter((m) => m.sign !== WELCOME_SIGN)
      .map(({ sign, content, from_uuid }) => (expect(from_uuid).toBe(SYSTEM_CHAT_UUID), { sign, content }));
  }

  /** The notices the socket received live. */
  const pushed = (socket: ChatTestClient) =>
    (socket.frames as Frame[]).filter((f) => f.message_type === 'chatMessage' && f.data?.from_uuid === SYSTEM_CHAT_UUID).map((f) => f.data!.content);
  const unread = async (user: TestUser) =>
    ((await api.call('chat/getContactList', { token: user.token })).data as { user: { uuid: string }; unreadcount: number }[]).find((c) => c.user.uuid === SYSTEM_CHAT_UUID)?.unreadcount;

  const image = (name: string): KycImageRef => ({ file: `test/${name}.bin`, iv: 'aXY=', tag: 'dGFn', width: 640, height: 400 });
  const submit = (user: TestUser) =>
    t.database.db.transaction().execute((trx) =>
      insertSubmission(trx, {
        user_uuid: user.uuid,
        document_type: IdDocumentType.Passport,
        issuing_country: 'EG',
        document_number: 'A12345678',
        full_name: `${user.username} Example`,
        birth_date: '1991-04-02',
        front: image('front'),
        back: null,
        selfie: image('selfie'),
      }),
    );

  it('an identity check approved: one notice, live in the account\'s language, and none for a second review', async () => {
    const { user, socket } = await arabicMemberOnline('Layla');
    const id = await submit(user);
    const approved = await api.call('admin/kycReview', { token: admin.token, id, decision: 'approve' });
    expect(approved.status, approved.msg).toBe(1);

    const live = await socket.waitFor((f) => f.message_type === 'chatMessage' && (f as Frame).data?.from_uuid === SYSTEM_CHAT_UUID);
    expect((live as Frame).data!.content).toBe('تم التحقق من هويتك. يمكنك الآن سحب النقاط ونشر الإعلانات.');
    // The same stored notice reads in Japanese for a request in Japanese.
    expect(await notices(user)).toEqual([{ sign: `kyc-review-${id}`, content: '本人確認が完了しました。ポイントの出金や掲載の公開ができるようになりました。' }]);
    expect(await unread(user)).toBe(2);

    // A review sent again (a retried click) is refused and sends nothing.
    const again = await api.call('admin/kycReview', { token: admin.token, id, decision: 'approve' });
    expect(again.status).toBe(0);
    expect(await socket.quiet(300)).toEqual([]);
    expect(await notices(user)).toHaveLength(1);
    expect(pushed(socket)).toHaveLength(1);
  });

  it('an identity check rejected: one notice with the admin\'s reason, as typed; a rejection without a reason sends none', async () => {
    const { user, socket } = await arabicMemberOnline('Omar');
    const id = await submit(user);
    const noReason = await api.call('admin/kycReview', { token: admin.token, id, decision: 'reject', reason: '   ' });
    expect(noReason.status).toBe(0);
    expect(await notices(user, AR)).toEqual([]);

    const reason = 'The selfie is blurred {please} retake it #2';
    const rejected = await api.call('admin/kycReview', { token: admin.token, id, decision: 'reject', reason });
    expect(rejected.status, rejected.msg).toBe(1);
    await socket.waitFor((f) => f.message_type === 'chatMessage');
    // The reason keeps its own direction inside the Arabic text (isolated), and every character as typed.
    expect(pushed(socket)).toEqual([`لم تتم الموافقة على طلب التحقق من هويتك. اطّلع على السبب أدناه، ثم قدّم طلبًا جديدًا.\nالسبب: \u2068${reason}\u2069`]);
    expect(await notices(user)).toEqual([
      { sign: `kyc-review-${id}`, content: `本人確認が承認されませんでした。以下の理由をご確認のうえ、もう一度お申し込みください。\n理由：${isolated(reason)}` },
    ]);
  });

  it('a withdrawal paid: one notice with the points and the amount; the same request again sends no second one', async () => {
    const { user, socket } = await arabicMemberOnline('Karim', 3);
    await giveEarnedPoints(t.database.db, user.uuid, 1_500);
    const applied = await api.call('user/apply_withdraw', {
      token: user.token, points: 1_200, idempotency_key: randomUUID(), method: 'bank_card', account_name: 'Karim Example', bank_name: 'Example Bank', card_number: '4000 1234 5678 9010',
    }, AR);
    expect(applied.status, applied.msg).toBe(1);
    const id = (applied.data as { id: number }).id;
    const key = randomUUID();
    expect((await api.call('admin/withdrawalPay', { token: admin.token, id, idempotency_key: key })).status).toBe(1);
    await socket.waitFor((f) => f.message_type === 'chatMessage');
    // The same request again answers the paid withdrawal; a rejection of it is refused. Neither sends a notice.
    expect((await api.call('admin/withdrawalPay', { token: admin.token, id, idempotency_key: key })).status).toBe(1);
    expect((await api.call('admin/withdrawalReject', { token: admin.token, id, idempotency_key: randomUUID(), reason: 'Too late' })).status).toBe(0);
    expect(await socket.quiet(300)).toEqual([]);

    expect(pushed(socket)).toEqual([`تم دفع طلب السحب الخاص بك: ${usd('ar', 1_200)} مقابل 1,200 نقطة.`]);
    expect(await notices(user)).toEqual([{ sign: `withdrawal-settled-${id}`, content: '1,200ポイントの出金が完了しました（$12.00）。' }]);
    expect(await notices(user, { 'Accept-Language': 'en-US' })).toEqual([{ sign: `withdrawal-settled-${id}`, content: 'Your withdrawal of 1,200 points has been paid out: $12.00.' }]);
  });

  it('a withdrawal rejected: one notice with the reason, and the points back', async () => {
    const { user, socket } = await arabicMemberOnline('Nadia', 3);
    await giveEarnedPoints(t.database.db, user.uuid, 1_000);
    const applied = await api.call('user/apply_withdraw', {
      token: user.token, points: 1_000, idempotency_key: randomUUID(), method: 'bank_card', account_name: 'Nadia Example', bank_name: 'Example Bank', card_number: '4000 1234 5678 9010',
    }, AR);
    const id = (applied.data as { id: number }).id;
    expect((await api.call('admin/withdrawalReject', { token: admin.token, id, idempotency_key: randomUUID(), reason: 'The account name does not match.' })).status).toBe(1);
    await socket.waitFor((f) => f.message_type === 'chatMessage');
    expect(pushed(socket)).toEqual([`رُفض طلب سحب 1,000 نقطة (${usd('ar', 1_000)}). أُعيدت النقاط إلى رصيدك القابل للسحب.\nالسبب: ${isolated('The account name does not match.')}`]);
    expect(await notices(user)).toEqual([
      { sign: `withdrawal-settled-${id}`, content: `1,000ポイント（$10.00）の出金申請は却下されました。ポイントは出金可能な残高に戻っています。\n理由：${isolated('The account name does not match.')}` },
    ]);
  });

  describe('payments on the sandbox', () => {
    const submitPage = async (payUrl: string, outcome: 'approve' | 'decline') => {
      const url = new URL(payUrl, t.baseUrl);
      const res = await fetch(`${t.baseUrl}/payment.html`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ order: url.searchParams.get('order')!, sig: url.searchParams.get('sig')!, outcome }),
      });
      expect(res.status).toBe(200);
    };
    const order = async (user: TestUser, item: { type: number; item_id: number; amount: number }) => {
      const res = await api.call('payment/uPay', { token: user.token, ...item, payment_type: 1, idempotency_key: randomUUID() }, AR);
      expect(res.status, res.msg).toBe(1);
      return res.data as { order_id: string; pay_url: string };
    };

    it('coins bought: one notice of what was bought and for how much, however often the webhook comes; a declined payment sends none', async () => {
      const { user, socket } = await arabicMemberOnline('Samir');
      const declined = await order(user, { type: 6, item_id: 102, amount: 499 });
      await submitPage(declined.pay_url, 'decline');
      expect(await notices(user, AR)).toEqual([]);

      const paid = await order(user, { type: 6, item_id: 102, amount: 499 });
      await submitPage(paid.pay_url, 'approve');
      await socket.waitFor((f) => f.message_type === 'chatMessage');
      // The provider redelivers its event: the order is paid already, nothing is sent again.
      const event = await t.database.db.selectFrom('payment_events').select(['event_id', 'type']).where('order_id', '=', paid.order_id).executeTakeFirstOrThrow();
      const body = JSON.stringify({ id: event.event_id, type: event.type, order_id: paid.order_id });
      const redelivered = await fetch(`${t.baseUrl}${SANDBOX_WEBHOOK}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(t.config.serverSecret, body) },
        body,
      });
      expect(await redelivered.json()).toMatchObject({ outcome: 'duplicate' });
      expect(await socket.quiet(300)).toEqual([]);

      expect(pushed(socket)).toEqual([`تم استلام دفعتك: ${usd('ar', 499)}. أُضيفت 550 عملة إلى محفظتك.\nوضع الاختبار: لم يُخصم أي مال حقيقي.`]);
      expect(await notices(user)).toEqual([
        { sign: `order-paid-${paid.order_id}`, content: 'お支払いを受け付けました（$4.99）。550コインがウォレットに追加されました。\nテストモード：実際のお金は請求されていません。' },
      ]);
    });

    it('a membership bought: one notice with the plan and the day it runs until', async () => {
      const { user, socket } = await arabicMemberOnline('Hana');
      const plan = await order(user, { type: 5, item_id: 2, amount: 8_999 });
      await submitPage(plan.pay_url, 'approve');
      await socket.waitFor((f) => f.message_type === 'chatMessage');
      const { ends_at: endsAt } = await t.database.db.selectFrom('memberships').select('ends_at').where('order_id', '=', plan.order_id).executeTakeFirstOrThrow();
      const day = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(endsAt));
      expect(pushed(socket)).toEqual([`تم استلام دفعتك: ${usd('ar', 8_999)}. عضويتك السنوية سارية حتى ${day('ar')}.\nوضع الاختبار: لم يُخصم أي مال حقيقي.`]);
      expect(await notices(user)).toEqual([
        { sign: `order-paid-${plan.order_id}`, content: `お支払いを受け付けました（$89.99）。年額メンバーシップは${day('ja')}まで有効です。\nテストモード：実際のお金は請求されていません。` },
      ]);
    });
  });

  it('follows the account\'s language: a request in another language switches what the open socket pushes', async () => {
    const { user, socket } = await arabicMemberOnline('Yara');
    expect((await t.database.db.selectFrom('users').select('locale').where('uuid', '=', user.uuid).executeTakeFirstOrThrow()).locale).toBe('ar');
    // The member switches the app to Japanese; a request without a language (a script, Node's fetch: `*`) changes nothing.
    await api.call('user/me', { token: user.token });
    expect((await t.database.db.selectFrom('users').select('locale').where('uuid', '=', user.uuid).executeTakeFirstOrThrow()).locale).toBe('ar');
    await api.call('user/me', { token: user.token }, JA);
    expect((await t.database.db.selectFrom('users').select('locale').where('uuid', '=', user.uuid).executeTakeFirstOrThrow()).locale).toBe('ja');
    const id = await submit(user);
    // The socket learns of the change through the bus, before the request that made it is answered: the notice it
    // pushes next is in Japanese.
    expect((await api.call('admin/kycReview', { token: admin.token, id, decision: 'approve' })).status).toBe(1);
    await socket.waitFor((f) => f.message_type === 'chatMessage');
    expect(pushed(socket)).toEqual(['本人確認が完了しました。ポイントの出金や掲載の公開ができるようになりました。']);
  });
});
