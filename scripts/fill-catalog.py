import json, re, sys
# Fills empty msgstr entries of locales/{locale}/messages.po from a JSON file {locale: {msgid: msgstr}}.
# usage: fill.py translations.json  — sets msgstr for msgids given per locale (only where empty)
data = json.load(open(sys.argv[1], encoding='utf-8'))
for locale, table in data.items():
    path = f'locales/{locale}/messages.po'
    text = open(path, encoding='utf-8').read()
    def repl(m):
        msgid = json.loads(m.group(1))
        if msgid in table and m.group(2) == '""':
            return f'msgid {m.group(1)}\nmsgstr {json.dumps(table[msgid], ensure_ascii=False)}'
        return m.group(0)
    text = re.sub(r'msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")', repl, text)
    open(path, 'w', encoding='utf-8').write(text)
