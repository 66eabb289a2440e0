import type { ReactNode } from 'react';

/**
 * A card brand's mark, drawn small as wallets and checkouts show it beside the last four digits (issue 31 item 3):
 * the brand's colours and lettering, not its trademarked artwork. Decorative: the row names the brand in words.
 */
const MARKS: Record<string, ReactNode> = {
  visa: (
    <>
      <rect width="36" height="24" rx="4" fill="#1a1f71" />
      <text x="18" y="16.5" textAnchor="middle" fill="#fff" fontSize="10.5" fontWeight="800" fontStyle="italic" fontFamily="Arial, sans-serif">
        VISA
      </text>
    </>
  ),
  mastercard: <Circles start="#eb001b" end="#f79e1b" overlap="#ff5f00" />,
  maestro: <Circles start="#0099df" end="#e4001b" overlap="#6c6bbd" />,
  amex: <Lettered fill="#2e77bc" text="AMEX" />,
  discover: <Lettered fill="#ff6000" text="DISC" />,
  jcb: <Lettered fill="#0e4c96" text="JCB" />,
  diners: <Lettered fill="#0079be" text="DC" />,
  unionpay: <Lettered fill="#d10429" text="UP" />,
};

/** Two overlapping circles on a dark card (Mastercard's and Maestro's marks). */
function Circles({ start, end, overlap }: { start: string; end: string; overlap: string }) {
  return (
    <>
      <rect width="36" height="24" rx="4" fill="#252525" />
      <circle cx="14.5" cy="12" r="7" fill={start} />
      <circle cx="21.5" cy="12" r="7" fill={end} />
      <path d="M18 5.94a7 7 0 0 1 0 12.12a7 7 0 0 1 0-12.12z" fill={overlap} />
    </>
  );
}

function Lettered({ fill, text }: { fill: string; text: string }) {
  return (
    <>
      <rect width="36" height="24" rx="4" fill={fill} />
      <text x="18" y="16" textAnchor="middle" fill="#fff" fontSize="9" fontWeight="700" fontFamily="Arial, sans-serif">
        {text}
      </text>
    </>
  );
}

export function CardBrandMark({ brand }: { brand: string }) {
  const mark = MARKS[brand.toLowerCase().replace(' club', '')];
  return (
    <svg className="card-brand" viewBox="0 0 36 24" width="36" height="24" aria-hidden="true" focusable="false">
      {mark ?? (
        <>
          <rect width="34.5" height="22.5" rx="4" fill="none" stroke="currentColor" strokeWidth="1.5" x="0.75" y="0.75" />
          <path d="M0.75 8h34.5" stroke="currentColor" strokeWidth="3" />
        </>
      )}
    </svg>
  );
}
