import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { MESSAGES } from '../app/messages';
import { StatusIcon } from '../kit/icons';
import { AppLink } from '../kit/link';

/** KYC status of spec section 3: 0 NotApply, 1 Applying, 2 Approved, 3 Rejected. */
export interface KycStatusViewProps {
  status: number;
  /** The member home. */
  backHref: string;
}

/**
 * The identity verification page (/verify/kyc/step1 and step4) until the four-step flow arrives: where the
 * `kyc-status` guard sends a member, it says what verification is for and where theirs stands.
 */
export function KycStatusView({ status, backHref }: KycStatusViewProps) {
  const { i18n } = useLingui();
  // The same explanation as the kyc-status dialog that sent the member here.
  const explanation = status === 1 ? MESSAGES['dialog.kycPending.message'] : status === 2 ? null : MESSAGES['dialog.kycRequired.message'];
  return (
    <section className="owner-state" aria-labelledby="kyc-status-title">
      <StatusIcon kind={status === 2 ? 'success' : 'info'} />
      <h2 className="owner-state-title" id="kyc-status-title">
        {status === 2 ? (
          <Trans>Verified</Trans>
        ) : status === 1 ? (
          <Trans context="identity verification status">Under review</Trans>
        ) : status === 3 ? (
          <Trans context="identity verification status">Rejected</Trans>
        ) : (
          <Trans>Not verified</Trans>
        )}
      </h2>
      {explanation ? <p>{i18n._(explanation)}</p> : null}
      <AppLink className="text-link" href={backHref}>
        <Trans>Back to my account</Trans>
      </AppLink>
    </section>
  );
}
