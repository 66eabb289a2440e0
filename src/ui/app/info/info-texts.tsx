import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';

/**
 * The texts of the static pages (/info/about-us, /info/privacy-policy, /info/terms). Each heading, paragraph and
 * list item is its own message so translators work in short units and a change to one sentence does not
 * invalidate a whole page. Facts here follow DESIGN sections 1, 5 and 6; change them together with the product.
 */

export type InfoPageKey = 'about-us' | 'privacy-policy' | 'terms';

export const INFO_PAGE_TITLES: Record<InfoPageKey, MessageDescriptor> = {
  'about-us': msg`About Venuely`,
  'privacy-policy': msg`Privacy policy`,
  terms: msg`Terms of use`,
};

export function AboutUsText() {
  return (
    <>
      <p className="info-lead">
        <Trans>
          Venuely is a directory of places to go and of the people who know them: venues, and the adult hosts and
          guides who work from them.
        </Trans>
      </p>

      <h2>
        <Trans>What you can do</Trans>
      </h2>
      <p>
        <Trans>
          Search venues and profiles by region and city, keep your favourites, and read visit reports written by other
          members. When someone catches your eye, chat with them one to one before you go.
        </Trans>
      </p>
      <p>
        <Trans>
          If you run a venue or work as a host or guide, publish a listing or a profile, answer visitors in chat, and
          read what they thought of their visit in their reports.
        </Trans>
      </p>
      <p>
        <Trans>
          Venuely speaks 15 languages, so you can find your way in a new city and be understood by the people you
          meet.
        </Trans>
      </p>

      <h2>
        <Trans>Membership and coins</Trans>
      </h2>
      <p>
        <Trans>
          Browsing is free. A free account lets you chat, keep favourites and send feedback. A paid membership also
          unlocks the full visit reports.
        </Trans>
      </p>
      <p>
        <Trans>
          Coins unlock a host's or guide's chat. Hosts and guides earn points when their chat is unlocked, and can
          withdraw them as cash once their identity is verified.
        </Trans>
      </p>

      <h2>
        <Trans>Trust and safety</Trans>
      </h2>
      <p>
        <Trans>
          Everyone who publishes a venue or a profile is 18 or older and has verified their identity with an official
          document before anything goes live.
        </Trans>
      </p>
      <p>
        <Trans>
          Venuely is about venues and social company: going out, conversation, being shown around. Offering or asking
          for sexual services is not allowed, and listings that do so are removed.
        </Trans>
      </p>
      <p>
        <Trans>
          You can report any listing, profile, user or message, and our moderators review every report. In chat you
          can block anyone, at any time.
        </Trans>
      </p>

      <h2>
        <Trans>Talk to us</Trans>
      </h2>
      <p>
        <Trans>
          Questions, ideas or something that does not work? Send us a message with the feedback form in your account
          menu. A person reads every one.
        </Trans>
      </p>
    </>
  );
}

export function PrivacyPolicyText() {
  return (
    <>
      <p className="info-lead">
        <Trans>
          This policy explains what Venuely keeps about you, why, who can see it, and what you can ask of us. We keep
          only what the service needs to work.
        </Trans>
      </p>

      <h2>
        <Trans>What we keep</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Your account: user name, nickname, e-mail address and whether it is verified, your profile picture, your
            membership, and a one-way hash of your password, never the password itself.
          </Trans>
        </li>
        <li>
          <Trans>
            What you publish and send: listings, profiles and their photos, visit reports, favourites, feedback and
            reports.
          </Trans>
        </li>
        <li>
          <Trans>Your chats, so that you and the person you write to can read the conversation on any device.</Trans>
        </li>
        <li>
          <Trans>
            Payments: your orders, coins, points and withdrawals. Card details go to our payment provider, not to us;
            for a saved card we keep only its brand and last four digits.
          </Trans>
        </li>
        <li>
          <Trans>
            Identity verification: the document details and the photos of your document and of your face. These
            images are encrypted at rest.
          </Trans>
        </li>
      </ul>

      <h2>
        <Trans>Why we use it</Trans>
      </h2>
      <p>
        <Trans>
          To run your account and your listings, deliver your messages, take payments and pay out withdrawals, check
          that publishers are adults who are who they say they are, stop fraud and abuse, and answer you. We do not
          sell your data and we show no third-party advertising.
        </Trans>
      </p>

      <h2>
        <Trans>Who can see it</Trans>
      </h2>
      <p>
        <Trans>
          Published listings and profiles are public. Your e-mail address, chats, orders and balance are never shown to
          other users. Your identity documents are visible only to you and to our moderators, who see only what they
          need to review a verification or a report.
        </Trans>
      </p>

      <h2>
        <Trans>Cookies and storage</Trans>
      </h2>
      <p>
        <Trans>
          We set a single cookie: the language you chose, kept for one year. Your session is kept in your browser's
          local storage so you stay logged in, and logging out removes it. We use no advertising or tracking cookies.
        </Trans>
      </p>

      <h2>
        <Trans>Your choices</Trans>
      </h2>
      <p>
        <Trans>
          You can see and change your account details in your account settings. To get a copy of your data, correct
          it, or close your account and have your data deleted, write to us with the feedback form in your account
          menu. We keep only what the law requires us to keep, such as payment records.
        </Trans>
      </p>
    </>
  );
}

export function TermsText() {
  return (
    <>
      <p className="info-lead">
        <Trans>These terms apply whenever you use Venuely. By creating an account you accept them.</Trans>
      </p>

      <h2>
        <Trans>Your account</Trans>
      </h2>
      <p>
        <Trans>
          You must be 18 or older to use Venuely. Keep your password to yourself: you are responsible for what is done
          with your account.
        </Trans>
      </p>

      <h2>
        <Trans>What may be published</Trans>
      </h2>
      <p>
        <Trans>
          Listings describe real venues. Profiles describe adult hosts and guides who offer social company, such as
          going out, conversation or showing visitors around.
        </Trans>
      </p>
      <p>
        <Trans>
          Offering, requesting or hinting at sexual services is forbidden, and so is anything illegal. Photos must show
          you or your venue, and you must have the right to use them.
        </Trans>
      </p>
      <p>
        <Trans>
          Before you publish a listing or a profile, or withdraw points, you must verify your identity with an official
          document and a photo of your face. We may refuse or withdraw a verification.
        </Trans>
      </p>

      <h2>
        <Trans>How we treat each other</Trans>
      </h2>
      <p>
        <Trans>
          Be respectful. Harassment, threats, spam, scams and pretending to be someone else are not allowed. You can
          block any user in chat and report any listing, profile, user or message.
        </Trans>
      </p>
      <p>
        <Trans>
          Our moderators review reports and may hide content, limit features or close accounts that break these terms.
          We tell you why, unless the law or someone's safety prevents it.
        </Trans>
      </p>

      <h2>
        <Trans>Membership, coins and points</Trans>
      </h2>
      <p>
        <Trans>
          A paid membership lasts for the period you bought. Coins unlock chats; bought coins cannot be withdrawn or
          exchanged for money. Points you earn from unlocks can be withdrawn as cash once your identity is verified,
          from the minimum shown in your wallet. Our payment provider processes all payments.
        </Trans>
      </p>

      <h2>
        <Trans>Meeting people</Trans>
      </h2>
      <p>
        <Trans>
          Venues, hosts and guides are independent; they do not work for Venuely. Meet in public places, tell a friend
          where you are going, and trust your judgement.
        </Trans>
      </p>

      <h2>
        <Trans>Changes and contact</Trans>
      </h2>
      <p>
        <Trans>
          We may update these terms. When a change matters to you, we tell you in the app before it applies. Questions?
          Write to us with the feedback form in your account menu.
        </Trans>
      </p>
    </>
  );
}
