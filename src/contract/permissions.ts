import { KycStatus, Membership, UserLevel } from './enums';

/** The user fields that permissions read (a subset of CurrentUser). */
export interface MembershipFacts {
  is_login: boolean;
  is_kyc: boolean;
  is_payed: boolean;
  partner_count?: number;
}

/** Membership per spec section 4: guest 0; kyc+paid 4; kyc 3; paid 2; logged in 1. */
export function deriveMembership(user: MembershipFacts | null | undefined): Membership {
  if (!user || !user.is_login) return Membership.TOURIST;
  if (user.is_kyc && user.is_payed) return Membership.KYC_PAYED_MEMBER;
  if (user.is_kyc) return Membership.KYC_MEMBER;
  if (user.is_payed) return Membership.PAYED_MEMBER;
  return Membership.MEMBER;
}

/** Account menu level (spec section 6): visitor, user, KYC user. */
export function deriveUserLevel(user: (MembershipFacts & { kyc_status?: number }) | null | undefined): UserLevel {
  if (!user || !user.is_login) return UserLevel.Visitor;
  return user.kyc_status === KycStatus.Approved ? UserLevel.KycUser : UserLevel.User;
}

export function isCanPostMerchant(user: MembershipFacts | null | undefined): boolean {
  return deriveMembership(user) === Membership.KYC_PAYED_MEMBER;
}

export function isCanPostPartner(user: MembershipFacts | null | undefined): boolean {
  const membership = deriveMembership(user);
  return (
    membership === Membership.KYC_PAYED_MEMBER ||
    (membership === Membership.KYC_MEMBER && (user?.partner_count ?? 0) < 1)
  );
}

export function isCanViewFunLookComment(user: MembershipFacts | null | undefined): boolean {
  const membership = deriveMembership(user);
  return membership === Membership.PAYED_MEMBER || membership === Membership.KYC_PAYED_MEMBER;
}

export function isCanView(user: MembershipFacts | null | undefined): boolean {
  return deriveMembership(user) !== Membership.TOURIST;
}
