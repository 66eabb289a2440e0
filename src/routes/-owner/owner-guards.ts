import { redirect } from '@tanstack/react-router';
import { KycStatus, Membership } from '@/contract/enums';
import { deriveMembership, isCanPostMerchant, isCanPostPartner, type MembershipFacts } from '@/contract/permissions';
import type { ListingSource } from '@/contract/shapes';
import type { AppSystem } from '../-app/app-system';
import { sessionSettled } from '../-app/guards';

/**
 * The owner screens' guards. The route configs (in the initial bundle) import this file when a guarded page is
 * first opened, not with the first page; it still imports neither XState nor zod (as ../-app/guards.ts): enums,
 * permissions and the router only, so a guard's chunk is small beside the app system it waits for.
 */

/** Why `kyc-status` keeps a member out: identity not verified (none, rejected) or still under review. */
export type KycBlock = 'kyc.required' | 'kyc.pending';

/** `kyc-status` (DESIGN section 7): publishing and content management need an approved identity verification. */
export function kycStatusBlock(user: { kyc_status: number } | null | undefined): KycBlock | null {
  if (!user) return 'kyc.required';
  if (user.kyc_status === KycStatus.Approved) return null;
  return user.kyc_status === KycStatus.Applying ? 'kyc.pending' : 'kyc.required';
}

/** The dialog-stack codes (src/ui/messages.ts) of each block's explanation. */
export const KYC_BLOCK_DIALOGS: Record<KycBlock, { title: string; message: string }> = {
  'kyc.required': { title: 'dialog.kycRequired.title', message: 'dialog.kycRequired.message' },
  'kyc.pending': { title: 'dialog.kycPending.title', message: 'dialog.kycPending.message' },
};

/**
 * The `kyc-status` guard, run after `auth` (its parent layout): DESIGN section 7 sends a member without an approved
 * verification into the KYC flow (step 1, or step 4 while it is under review) with an info dialog that explains
 * why. A preload (link hover) only redirects: no dialog for a page nobody opened.
 */
export async function requireKycApproved(pending: Promise<AppSystem>, lang: string, preload: boolean): Promise<void> {
  const system = await pending;
  await sessionSettled(system);
  const block = kycStatusBlock(system.session.getSnapshot().context.user);
  if (!block) return;
  if (!preload) {
    void system.openDialog({ messageType: 'info', bodyImage: 'info', showClose: true, ...KYC_BLOCK_DIALOGS[block] });
  }
  throw redirect({ to: '/$lang/verify/kyc/$step', params: { lang, step: block === 'kyc.pending' ? 'step4' : 'step1' } });
}

/** The `kyc` guard (DESIGN section 7, steps 1–3): a verification under review or approved shows its status (step 4). */
export async function requireKycNotSubmitted(pending: Promise<AppSystem>, lang: string): Promise<void> {
  const system = await pending;
  await sessionSettled(system);
  const status = system.session.getSnapshot().context.user?.kyc_status;
  if (status === KycStatus.Applying || status === KycStatus.Approved) {
    throw redirect({ to: '/$lang/verify/kyc/$step', params: { lang, step: 'step4' } });
  }
}

/**
 * Why a verified member may not publish a listing of `source` (spec section 6): a venue needs the paid
 * membership (4); a profile needs it too once the member has one (3 allows a first profile). Null when allowed,
 * and for members `kyc-status` already keeps out.
 */
export type PublishBlock = 'merchant.needsPaid' | 'partner.limitReached';

export function publishBlock(source: ListingSource, user: MembershipFacts | null | undefined): PublishBlock | null {
  const membership = deriveMembership(user);
  if (membership !== Membership.KYC_MEMBER && membership !== Membership.KYC_PAYED_MEMBER) return null;
  if (source === 'merchant') return isCanPostMerchant(user) ? null : 'merchant.needsPaid';
  return isCanPostPartner(user) ? null : 'partner.limitReached';
}

/** The admin console's guard (DESIGN section 7: role admin), after `auth`: anyone else gets the 403 page. */
export async function requireAdmin(pending: Promise<AppSystem>, lang: string): Promise<void> {
  const system = await pending;
  await sessionSettled(system);
  if (system.session.getSnapshot().context.user?.role !== 'admin') throw redirect({ to: '/$lang/403', params: { lang } });
}
