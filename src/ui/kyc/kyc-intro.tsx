import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Button } from '../kit/button';
import { AppLink } from '../kit/link';
import './kyc.css';

export interface KycIntroProps {
  /** The app's privacy policy (/{lang}/info/privacy-policy). */
  privacyHref: string;
  /** Where "Not now" leads: the account page. */
  leaveHref: string;
  onAgree(): void;
}

/** A small drawn mark per part of the check, decorative: the text says it. */
function Mark({ children }: { children: ReactNode }) {
  return (
    <svg className="kyc-intro-mark" viewBox="0 0 24 24" aria-hidden="true">
      {children}
    </svg>
  );
}

/**
 * Step 1's opening (issue 31 item 7), before the form: what the check needs and does, why, how long the documents
 * are kept, who sees them, and the privacy policy; then the member's agreement ("I agree, start"), without which the
 * form does not open. The retention is what the system does: DESIGN gives no period and the server has no setting
 * for one, and nothing deletes a verification while the account is open (docs/decisions.md, item 7).
 */
export function KycIntro({ privacyHref, leaveHref, onAgree }: KycIntroProps) {
  const { t } = useLingui();
  const titleId = useId();
  const consentId = useId();
  return (
    <section className="kyc-step" aria-labelledby={titleId}>
      <div className="kyc-card kyc-intro">
        <div className="kyc-intro-hero" aria-hidden="true">
          <svg viewBox="0 0 64 64">
            <path className="kyc-intro-shield" d="M32 4l22 8v17c0 15-9.5 26-22 31C19.5 55 10 44 10 29V12z" />
            <rect className="kyc-intro-card" x="19" y="22" width="26" height="18" rx="3" />
            <circle className="kyc-intro-card-face" cx="26" cy="30" r="3" />
            <path className="kyc-intro-card-line" d="M32 28h8M32 33h6" />
          </svg>
        </div>
        <h2 className="kyc-intro-title" id={titleId}>
          <Trans>Verify your identity</Trans>
        </h2>
        <p className="kyc-intro-lead">
          <Trans>It takes about 3 minutes. Have your passport, identity card or driving licence with you.</Trans>
        </p>
        <ol className="kyc-intro-steps" aria-label={t`What you will do`}>
          <li>
            <Mark>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M7 10h6M7 14h4" />
            </Mark>
            <Trans>Enter your document’s details</Trans>
          </li>
          <li>
            <Mark>
              <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
              <circle cx="12" cy="13" r="3.5" />
            </Mark>
            <Trans>Take photos of your document</Trans>
          </li>
          <li>
            <Mark>
              <circle cx="12" cy="9" r="4" />
              <path d="M5 20c1-4 3.5-6 7-6s6 2 7 6" />
            </Mark>
            <Trans>Take a selfie</Trans>
          </li>
        </ol>
        <dl className="kyc-intro-facts">
          <div>
            <dt>
              <Trans>What we check</Trans>
            </dt>
            <dd>
              <Trans>
                That your document is genuine, that it is yours (we compare your selfie with its photo), and that you
                are 18 or older.
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Why</Trans>
            </dt>
            <dd>
              <Trans>
                Everyone who publishes a listing or withdraws points on Venuely is a verified adult. It keeps members
                safe and stops fraud.
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>How long we keep your documents</Trans>
            </dt>
            <dd>
              <Trans>
                Stored encrypted for as long as your account is open, so your verification can be checked again. When
                you close your account we delete them, unless the law requires us to keep them longer.
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Who sees them</Trans>
            </dt>
            <dd>
              <Trans>Only you and the Venuely moderators who review verifications. Other members never see them.</Trans>
            </dd>
          </div>
        </dl>
        <AppLink className="text-link kyc-intro-leave" href={leaveHref}>
          <Trans>Not now, back to my account</Trans>
        </AppLink>
      </div>
      {/* The agreement sits with the button that gives it, in view wherever the page is scrolled. */}
      <div className="kyc-actions kyc-actions--bar kyc-actions--consent">
        <p className="kyc-intro-consent" id={consentId}>
          <Trans>
            I agree that Venuely checks my document and my face to verify my identity, as the{' '}
            <AppLink href={privacyHref}>privacy policy</AppLink> describes.
          </Trans>
        </p>
        <Button className="kyc-primary" onClick={onAgree} aria-describedby={consentId}>
          <Trans>I agree, start</Trans>
        </Button>
      </div>
    </section>
  );
}
