import { describe, expect, it, vi } from 'vitest';
import { KycStatus } from '@/contract/enums';
import type { AppSystem } from '../-app/app-system';
import { kycStatusBlock, publishBlock, requireKycApproved, requireKycNotSubmitted } from './owner-guards';

const member = (facts: { is_kyc: boolean; is_payed: boolean; partner_count?: number }) => ({ is_login: true, ...facts });

/** A settled, logged-in session holding `user`, and a dialog opener to watch. */
function fakeSystem(user: { kyc_status: number } | null) {
  const snapshot = { hasTag: (tag: string) => tag === 'loggedIn', context: { user } };
  const openDialog = vi.fn(() => Promise.resolve('dismiss' as const));
  const system = { session: { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe() {} }) }, openDialog };
  return { system: system as unknown as AppSystem, openDialog };
}

async function outcome(promise: Promise<void>): Promise<unknown> {
  return promise.then(
    () => 'allowed',
    (thrown: unknown) => thrown,
  );
}

describe('kyc-status', () => {
  it('lets an approved member through; keeps out the others with a reason', () => {
    expect(kycStatusBlock({ kyc_status: KycStatus.Approved })).toBeNull();
    expect(kycStatusBlock({ kyc_status: KycStatus.NotApply })).toBe('kyc.required');
    expect(kycStatusBlock({ kyc_status: KycStatus.Rejected })).toBe('kyc.required');
    expect(kycStatusBlock({ kyc_status: KycStatus.Applying })).toBe('kyc.pending');
    expect(kycStatusBlock(null)).toBe('kyc.required');
  });

  it('redirects into the KYC flow (step 1, step 4 while under review) and opens the explanation; a preload only redirects', async () => {
    const { system, openDialog } = fakeSystem({ kyc_status: KycStatus.NotApply });
    const thrown = (await outcome(requireKycApproved(Promise.resolve(system), 'en', false))) as { options?: unknown };
    expect(thrown).toMatchObject({ options: { to: '/$lang/verify/kyc/$step', params: { lang: 'en', step: 'step1' } } });
    expect(openDialog).toHaveBeenCalledWith(
      expect.objectContaining({ messageType: 'info', title: 'dialog.kycRequired.title', message: 'dialog.kycRequired.message' }),
    );

    const preload = fakeSystem({ kyc_status: KycStatus.Applying });
    expect(await outcome(requireKycApproved(Promise.resolve(preload.system), 'ja', true))).toMatchObject({
      options: { to: '/$lang/verify/kyc/$step', params: { lang: 'ja', step: 'step4' } },
    });
    expect(preload.openDialog).not.toHaveBeenCalled();

    const approved = fakeSystem({ kyc_status: KycStatus.Approved });
    expect(await outcome(requireKycApproved(Promise.resolve(approved.system), 'en', false))).toBe('allowed');
    expect(approved.openDialog).not.toHaveBeenCalled();

    const rejected = fakeSystem({ kyc_status: KycStatus.Rejected });
    expect(await outcome(requireKycApproved(Promise.resolve(rejected.system), 'en', false))).toMatchObject({
      options: { to: '/$lang/verify/kyc/$step', params: { lang: 'en', step: 'step1' } },
    });
  });

  it('the kyc guard (steps 1–3) sends a submitted or approved verification to step 4', async () => {
    for (const status of [KycStatus.Applying, KycStatus.Approved]) {
      const { system } = fakeSystem({ kyc_status: status });
      expect(await outcome(requireKycNotSubmitted(Promise.resolve(system), 'en'))).toMatchObject({
        options: { to: '/$lang/verify/kyc/$step', params: { lang: 'en', step: 'step4' } },
      });
    }
    for (const status of [KycStatus.NotApply, KycStatus.Rejected]) {
      const { system } = fakeSystem({ kyc_status: status });
      expect(await outcome(requireKycNotSubmitted(Promise.resolve(system), 'en'))).toBe('allowed');
    }
  });
});

describe('publish permission (spec section 6)', () => {
  it('a venue needs the paid membership of a verified member', () => {
    expect(publishBlock('merchant', member({ is_kyc: true, is_payed: true }))).toBeNull();
    expect(publishBlock('merchant', member({ is_kyc: true, is_payed: false }))).toBe('merchant.needsPaid');
  });

  it('a verified member without payment may publish one profile', () => {
    expect(publishBlock('partner', member({ is_kyc: true, is_payed: false, partner_count: 0 }))).toBeNull();
    expect(publishBlock('partner', member({ is_kyc: true, is_payed: false, partner_count: 1 }))).toBe('partner.limitReached');
    expect(publishBlock('partner', member({ is_kyc: true, is_payed: true, partner_count: 4 }))).toBeNull();
  });

  it('leaves members without verification to kyc-status', () => {
    expect(publishBlock('merchant', member({ is_kyc: false, is_payed: true }))).toBeNull();
    expect(publishBlock('partner', null)).toBeNull();
  });
});
