import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { KycApplication } from '@/contract/calls/kyc';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { usernameKey } from '../account/user.repository';
import { ApiFailure } from '../api/failure';
import type { Database } from '../db/schema';
import { createDocumentStore } from '../kyc/document-store';
import { applyForKyc } from '../kyc/kyc.service';
import type { FileStorage } from '../storage/file-storage';

/**
 * The demo's pending identity verification (issue 13 item 5): the applicant account (Kim) has applied with an
 * identity card, so the admin console's KYC queue has work right after `npm start`. The pictures are drawn here (a
 * card front with a portrait and printed lines, its back with a chip and a machine-readable zone, a selfie holding
 * the card), rendered to JPEG by sharp and sent through applyForKyc, the same checks, pipeline and encryption as a
 * real application. No text is drawn: rendering text would depend on the fonts of the machine.
 */

export const DEMO_APPLICANT = 'applicant';

export const DEMO_KYC_APPLICATION: KycApplication = {
  consent: true,
  document_type: IdDocumentType.IdCard,
  issuing_country: 'KR',
  document_number: 'M2947-5183',
  full_name: 'Kim Min-ji',
  birth_date: '1996-04-18',
};

/** An ID-1 card (85.6 × 54 mm) at about 12 px per mm. */
const CARD = { width: 1028, height: 648 };

function cardBase(body: string): string {
  const { width, height } = CARD;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#d9dde3"/>
<rect x="14" y="14" width="${width - 28}" height="${height - 28}" rx="38" fill="url(#paper)"/>
<defs><linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef4fb"/><stop offset="0.55" stop-color="#dfeaf6"/><stop offset="1" stop-color="#f6efe4"/></linearGradient></defs>
${body}</svg>`;
}

/** Printed lines of text, drawn as bars of varying length. */
function lines(x: number, y: number, widths: readonly number[], gap = 46, height = 18, color = '#3a4a5e'): string {
  return widths.map((w, i) => `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${height}" rx="4" fill="${color}" opacity="0.8"/>`).join('');
}

function cardFront(): string {
  const guilloche = Array.from({ length: 14 }, (_, i) => `<circle cx="760" cy="330" r="${60 + i * 22}" fill="none" stroke="#9fb7d4" stroke-width="2" opacity="0.35"/>`).join('');
  return cardBase(`${guilloche}
<rect x="14" y="14" width="1000" height="92" rx="38" fill="#27507e"/><rect x="14" y="70" width="1000" height="36" fill="#27507e"/>
${lines(70, 44, [300], 0, 22, '#ffffff')}
<rect x="64" y="148" width="280" height="360" rx="14" fill="#c9d3df"/>
<ellipse cx="204" cy="290" rx="78" ry="96" fill="#6b4f3f"/><ellipse cx="204" cy="282" rx="64" ry="80" fill="#d9a88a"/>
<path d="M84 508 C 100 400, 308 400, 324 508 Z" fill="#2f3e55"/>
${lines(390, 160, [250, 420, 180, 360, 300, 220])}
<rect x="390" y="470" width="160" height="16" rx="4" fill="#b04a3a" opacity="0.7"/>
<circle cx="900" cy="520" r="62" fill="none" stroke="#b04a3a" stroke-width="6" opacity="0.45"/>`);
}

function cardBack(): string {
  const mrz = [0, 1, 2].map((row) => lines(70, 470 + row * 44, [880], 0, 24, '#1f2933')).join('');
  const barcode = Array.from({ length: 60 }, (_, i) => `<rect x="${560 + i * 7}" y="150" width="${i % 3 === 0 ? 4 : 2}" height="150" fill="#1f2933"/>`).join('');
  return cardBase(`<rect x="70" y="140" width="150" height="118" rx="18" fill="#d4b15a"/>
<path d="M70 199 H220 M145 140 V258 M105 140 V199 M185 199 V258" stroke="#8c6d22" stroke-width="5"/>
${lines(70, 300, [380, 300, 420])}
${barcode}
<rect x="40" y="440" width="948" height="168" rx="12" fill="#ffffff" opacity="0.8"/>${mrz}`);
}

function selfie(): string {
  const width = 768;
  const height = 1024;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e4dc"/><stop offset="1" stop-color="#c9c0b3"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#wall)"/>
<ellipse cx="384" cy="1010" rx="330" ry="300" fill="#35506e"/>
<rect x="330" y="560" width="108" height="150" fill="#d49c7c"/>
<ellipse cx="384" cy="420" rx="168" ry="200" fill="#3b2a22"/>
<ellipse cx="384" cy="440" rx="138" ry="172" fill="#e0ad8e"/>
<ellipse cx="334" cy="420" rx="16" ry="10" fill="#3b2a22"/><ellipse cx="434" cy="420" rx="16" ry="10" fill="#3b2a22"/>
<path d="M344 520 Q 384 548 424 520" stroke="#a2524a" stroke-width="8" fill="none" stroke-linecap="round"/>
<g transform="rotate(-8 560 800)"><rect x="430" y="700" width="300" height="190" rx="14" fill="#eef4fb" stroke="#27507e" stroke-width="4"/>
<rect x="430" y="700" width="300" height="34" rx="14" fill="#27507e"/><rect x="450" y="750" width="80" height="104" rx="6" fill="#c9d3df"/>
${lines(548, 760, [150, 110, 160, 90], 26, 10)}</g>
<ellipse cx="560" cy="900" rx="70" ry="46" fill="#d49c7c"/></svg>`;
}

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The applicant's three pictures as a phone would send them (JPEG). */
export async function demoKycImages(): Promise<{ front: Buffer; back: Buffer; selfie: Buffer }> {
  const [front, back, face] = await Promise.all([render(cardFront()), render(cardBack()), render(selfie())]);
  return { front, back, selfie: face };
}

/**
 * Sends the applicant's application once: nothing when the account does not exist (SEED_DEMO created no accounts),
 * has applied before (whatever an admin did with it since) or has a KYC status already. Returns how many it created.
 */
export async function seedDemoKyc(
  db: Kysely<Database>,
  options: { storage: FileStorage; kycKey: string; log: FastifyBaseLogger },
): Promise<number> {
  const user = await db.selectFrom('users').select(['uuid', 'kyc_status']).where('username_key', '=', usernameKey(DEMO_APPLICANT)).executeTakeFirst();
  if (!user || user.kyc_status !== KycStatus.NotApply) return 0;
  const applied = await db.selectFrom('kyc_submissions').select('id').where('user_uuid', '=', user.uuid).executeTakeFirst();
  if (applied) return 0;
  const documents = createDocumentStore({ storage: options.storage, key: options.kycKey });
  try {
    await applyForKyc({ db, documents, log: options.log }, user, DEMO_KYC_APPLICATION, await demoKycImages());
  } catch (error) {
    // Another process starting on the same database applied first (kyc.pending): the demo is there either way.
    if (error instanceof ApiFailure && error.key === 'kyc.pending') return 0;
    throw error;
  }
  return 1;
}
