import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

/**
 * What a good photo looks like (issue 31 item 7), as Onfido shows before each capture: a drawing, not a photo (no
 * file to download, and no real person's face or document), with three short tips. The drawings take their colours
 * from the theme's tokens through classes (kyc.css), so they follow the dark theme; they are not mirrored in Arabic
 * (a document reads the same way everywhere).
 */

export type KycExampleKind = 'document' | 'selfie';

const EXAMPLE_NAMES: Record<KycExampleKind, MessageDescriptor> = {
  document: msg`Example: the whole document inside the frame, all four corners visible`,
  selfie: msg`Example: your face inside the oval, looking straight at the camera`,
};

const TIPS: Record<KycExampleKind, readonly MessageDescriptor[]> = {
  document: [msg`All four corners visible`, msg`No glare, shadows or fingers on it`, msg`Text sharp and easy to read`],
  selfie: [msg`Your face fills the oval`, msg`Look straight ahead, eyes open`, msg`Good light, no sunglasses, hat or mask`],
};

/** A green tick in a disc: the drawing shows a photo that passes. */
function Tick({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle r="15" className="kyc-ex-ok" />
      <path d="M-7 0.5 L-2 5.5 L7.5 -5" className="kyc-ex-ok-mark" />
    </g>
  );
}

/** The frame's four corner marks, as a camera app's guide draws them. */
function Corners({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  const l = 16;
  const d = [
    `M${x} ${y + l}V${y}H${x + l}`,
    `M${x + w - l} ${y}H${x + w}V${y + l}`,
    `M${x + w} ${y + h - l}V${y + h}H${x + w - l}`,
    `M${x + l} ${y + h}H${x}V${y + h - l}`,
  ].join('');
  return <path d={d} className="kyc-ex-guide" />;
}

function DocumentDrawing() {
  return (
    <>
      <rect x="0" y="0" width="240" height="150" rx="14" className="kyc-ex-backdrop" />
      <Corners x={22} y={14} w={196} h={122} />
      {/* An ID-1 card (85.6 × 54 mm), every corner inside the frame. */}
      <rect x="36" y="26" width="168" height="98" rx="9" className="kyc-ex-card" />
      <rect x="36" y="26" width="168" height="18" rx="9" className="kyc-ex-card-band" />
      <rect x="36" y="36" width="168" height="8" className="kyc-ex-card-band" />
      <rect x="48" y="54" width="40" height="52" rx="5" className="kyc-ex-portrait" />
      <circle cx="68" cy="73" r="9" className="kyc-ex-person" />
      <path d="M53 106c2-12 9-17 15-17s13 5 15 17z" className="kyc-ex-person" />
      <rect x="98" y="57" width="78" height="7" rx="3.5" className="kyc-ex-line kyc-ex-line--strong" />
      <rect x="98" y="71" width="92" height="6" rx="3" className="kyc-ex-line" />
      <rect x="98" y="83" width="64" height="6" rx="3" className="kyc-ex-line" />
      <rect x="98" y="95" width="84" height="6" rx="3" className="kyc-ex-line" />
      <rect x="48" y="112" width="142" height="4" rx="2" className="kyc-ex-line" />
      <Tick x={214} y={22} />
    </>
  );
}

function SelfieDrawing() {
  return (
    <>
      <rect x="0" y="0" width="240" height="150" rx="14" className="kyc-ex-backdrop" />
      {/* Head and shoulders, the face inside the oval guide. */}
      <path d="M70 150c4-30 24-44 50-44s46 14 50 44z" className="kyc-ex-person" />
      <ellipse cx="120" cy="66" rx="27" ry="33" className="kyc-ex-face" />
      <path d="M93 60c0-22 12-32 27-32s27 10 27 32c-6-9-14-15-27-15s-21 6-27 15z" className="kyc-ex-hair" />
      <circle cx="110" cy="67" r="2.6" className="kyc-ex-feature" />
      <circle cx="130" cy="67" r="2.6" className="kyc-ex-feature" />
      <path d="M112 83q8 6 16 0" className="kyc-ex-smile" />
      <ellipse cx="120" cy="68" rx="44" ry="56" className="kyc-ex-guide kyc-ex-guide--oval" />
      <Tick x={176} y={22} />
    </>
  );
}

/** One photo step's example: the drawing (an image named "Example: …") and its tips. */
export function KycExample({ kind }: { kind: KycExampleKind }) {
  const { i18n } = useLingui();
  const tipsId = useId();
  return (
    <figure className="kyc-example">
      <svg className="kyc-example-art" viewBox="0 0 240 150" role="img" aria-label={i18n._(EXAMPLE_NAMES[kind])} aria-describedby={tipsId}>
        {kind === 'document' ? <DocumentDrawing /> : <SelfieDrawing />}
      </svg>
      <figcaption>
        <ul className="kyc-tips" id={tipsId}>
          {TIPS[kind].map((tip) => (
            <li key={tip.id}>
              <svg className="kyc-tip-mark" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M3 8.5l3 3 7-7" />
              </svg>
              {i18n._(tip)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
