import type { I18n } from '@lingui/core';
import type { DictItem, DictType } from '@/contract/calls/dict';
import { translateCode } from '../app/messages';

/** Dictionary entries as the server named them in the request's language, by type. */
export type Dictionaries = Partial<Record<DictType, DictItem[]>>;

/** Id → name lookups of the dictionaries a card or filter shows. */
export type DictionaryNames = Partial<Record<DictType, ReadonlyMap<number, string>>>;

export function dictionaryNames(dicts: Dictionaries | null | undefined): DictionaryNames {
  const names: DictionaryNames = {};
  if (!dicts) return names;
  for (const [type, items] of Object.entries(dicts) as [DictType, DictItem[]][]) {
    names[type] = new Map(items.map((item) => [item.id, item.name]));
  }
  return names;
}

/** The names of `ids` in one dictionary, skipping ids it does not know (or all, before it loaded). */
export function namesOf(names: DictionaryNames, type: DictType, ids: readonly number[]): string[] {
  const map = names[type];
  if (!map) return [];
  return ids.map((id) => map.get(id)).filter((name): name is string => name !== undefined);
}

/** A request failure as a user reads it: the server's own (translated) message, else the text of its code. */
export function requestErrorText(i18n: I18n, error: { code: string; msg: string } | null | undefined): string {
  if (error && (error.code === 'server' || error.code === 'tokenExpired') && error.msg) return error.msg;
  return translateCode(i18n, error?.code);
}
