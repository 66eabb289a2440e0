import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { LOCALES } from '../../src/contract/enums';

/**
 * CI gate for translations (issue 3): fails when the committed catalogs are not what `npm run extract` makes of
 * src/ (a message added, changed or removed without extracting), or when any catalog has a message without a
 * translation or with placeholders that differ from the source. It leaves the catalogs as it found them: `npm test`
 * never rewrites tracked files (issue 30).
 */
const poFiles = () => readdirSync('locales').flatMap((locale) => readdirSync(`locales/${locale}`).filter((f) => f.endsWith('.po')).map((f) => `locales/${locale}/${f}`));
const committed = new Map(poFiles().map((file) => [file, readFileSync(file, 'utf8')]));
let extracted: Map<string, string>;
try {
  execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });
  extracted = new Map(poFiles().map((file) => [file, readFileSync(file, 'utf8')]));
} finally {
  for (const file of poFiles()) if (!committed.has(file)) rmSync(file);
  for (const [file, text] of committed) writeFileSync(file, text);
}
const stale = [...extracted].filter(([file, text]) => committed.get(file) !== text).map(([file]) => file);
if (stale.length > 0) {
  console.error(`${stale.length} catalog(s) are not current with the messages of src/:\n${stale.join('\n')}`);
  console.error('\nRun `npm run extract`, translate what it adds, and commit the catalogs.');
  process.exit(1);
}

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

/** The arguments a message uses: `{name}` and the ICU ones, `{count, plural, …}`, each once. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join(',');

/**
 * A plural must give every form the locale's grammar has (Intl.PluralRules, CLDR): Arabic needs zero, one, two, few,
 * many and other; Japanese only other. An exact case (`=0`) does not stand in for a category.
 */
function missingPluralForms(text: string, locale: string): string[] {
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const missing: string[] = [];
  for (const match of text.matchAll(/\{\w+\s*,\s*plural\s*,/g)) {
    // The cases of this plural: the keys at depth one of its braces.
    const keys = new Set<string>();
    let depth = 0;
    let key = '';
    for (let i = match.index + match[0].length; i < text.length; i++) {
      const c = text[i];
      if (c === '{') {
        if (depth === 0 && key.trim()) keys.add(key.trim());
        depth++;
        key = '';
      } else if (c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0) key = /\s/.test(c) && key.trim() ? (keys.add(key.trim()), '') : key + c;
    }
    for (const category of needed) if (!keys.has(category)) missing.push(category);
  }
  return missing;
}
/** The catalogs of lingui.config.ts (the app's, and the features' loaded with their routes), as the source locale has them. */
const CATALOGS = readdirSync('locales/en').filter((file) => file.endsWith('.po')).map((file) => file.slice(0, -'.po'.length));
const problems: string[] = [];
const totals: Record<string, number> = {};
for (const catalog of CATALOGS) {
  for (const locale of LOCALES) {
    const entries = parsePo(readFileSync(`locales/${locale}/${catalog}.po`, 'utf8'));
    totals[catalog] = entries.length;
    if (entries.length === 0) problems.push(`${locale}: ${catalog}.po has no messages`);
    for (const { msgid, msgstr } of entries) {
      if (msgstr.trim() === '') problems.push(`${locale}/${catalog}: missing translation of ${JSON.stringify(msgid)}`);
      else if (placeholders(msgstr) !== placeholders(msgid)) problems.push(`${locale}/${catalog}: placeholders differ in ${JSON.stringify(msgid)}`);
      else if (missingPluralForms(msgstr, locale).length > 0) problems.push(`${locale}/${catalog}: the plural lacks ${missingPluralForms(msgstr, locale).join(', ')} in ${JSON.stringify(msgid)}`);
    }
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} catalog problem(s). Translate them in locales/{locale}/{catalog}.po.`);
  process.exit(1);
}
const counts = CATALOGS.map((catalog) => `${catalog} ${totals[catalog]}`).join(', ');
console.log(`${LOCALES.length} locales × (${counts}) messages: all translated, placeholders intact.`);
