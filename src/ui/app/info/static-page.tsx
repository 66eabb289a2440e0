import { useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import { AboutUsText, INFO_PAGE_TITLES, PrivacyPolicyText, TermsText, type InfoPageKey } from './info-texts';
import { PageHeader } from '../../kit/page-header';

export interface StaticPageProps {
  page: InfoPageKey;
  /** The back control (route metadata: back button, white header). */
  backHref?: string;
  onBack?(): void;
}

const TEXTS: Record<InfoPageKey, ComponentType> = {
  'about-us': AboutUsText,
  'privacy-policy': PrivacyPolicyText,
  terms: TermsText,
};

/** A static information page: white header with a back button, then the text. */
export function StaticPage({ page, backHref, onBack }: StaticPageProps) {
  const { i18n } = useLingui();
  const Text = TEXTS[page];
  return (
    <article className="static-page">
      <PageHeader title={i18n._(INFO_PAGE_TITLES[page])} backHref={backHref} onBack={onBack} white />
      <div className="static-page-body">
        <Text />
      </div>
    </article>
  );
}
