import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../src/contract/enums';

/**
 * CI gate for translations (issue 3): extracts the messages of src/ into the 15 catalogs, then fails when any
 * catalog has a message without a translation or with placeholders that differ from the source.
 */
execFileSync('npx', ['lingui', 'extract'], { stdio: ['ignore', 'ignore', 'inherit'] });

interface Entry {
  msgid: string;
  msgstr: string;
}

function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  const re = /^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)msgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)/gm;
  const join = (block: string) => block.trim().split('\n').map((line) => JSON.parse(line) as string).join('');
  for (const match of text.matchAll(re)) {
    const msgid = join(match[1]);
    if (msgid !== '') entries.push({ msgid, msgstr: join(match[2]) });
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
const problems: string[] = [];
let total = 0;
for (const locale of LOCALES) {
  const entries = parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
  total = entries.length;
  for (const { msgid, msgstr } of entries) {
    if (msgstr.trim() === '') problems.push(`${locale}: missing translation of ${JSON.stringify(msgid)}`);
    else if (placeholders(msgstr) !== placeholders(msgid)) problems.push(`${locale}: placeholders differ in ${JSON.stringify(msgid)}`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} catalog problem(s). Translate them in locales/{locale}/messages.po.`);
  process.exit(1);
}
console.log(`${LOCALES.length} catalogs × ${total} messages: all translated, placeholders intact.`);
