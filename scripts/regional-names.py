"""
Writes src/eval/data/regional-names.json: given and family names of cultures that faker-js covers
thinly, taken from the Python package Faker (MIT, maintained; its locale data is written by other
contributors than faker-js's), for the regional people group of `npm run eval -- --synthetic`
(src/eval/regional-people.ts). The recogniser never reads this file.

Only Latin-script entries are kept (Japanese from Faker's romanised lists): other scripts have no
one romanisation that people write in addresses. Run with the pinned version, from the repository root:

    pip download --no-deps -d /tmp/pyfaker faker==40.63.0 && python3 -m zipfile -e /tmp/pyfaker/faker-40.63.0-py3-none-any.whl /tmp/pyfaker/x
    PYTHONPATH=/tmp/pyfaker/x python3 scripts/regional-names.py
"""
import importlib
import json
import unicodedata

import faker

# Culture -> Faker locales. Each culture is a group of the eval; its providers are in regional-people.ts.
CULTURES = {
    'west-african': ['yo_NG', 'ig_NG', 'ha_NG', 'tw_GH', 'en_NG'],
    'east-african': ['sw', 'en_KE'],
    'south-african': ['zu_ZA'],
    'maghrebi': ['fr_DZ'],
    'pakistani': ['en_PK'],
    'turkish': ['tr_TR'],
    'japanese': ['ja_JP'],
    'thai': ['en_TH'],
    'central-asian': ['uz_UZ', 'az_AZ'],
    'indonesian': ['id_ID'],
}
FIRST = ['first_names_male', 'first_names_female', 'first_names', 'first_names_nonbinary']
LAST = ['last_names', 'last_names_male', 'last_names_female']
JA_FIRST = ['first_romanized_names_male', 'first_romanized_names_female', 'first_romanized_names']
JA_LAST = ['last_romanized_names']


def entries(provider, attrs):
    out = set()
    for a in attrs:
        v = getattr(provider, a, None)
        if v:
            out.update(v.keys() if isinstance(v, dict) else v)
    return out


def latin(name):
    # Latin letters (with their diacritics), spaces, hyphens, apostrophes.
    return all(ord(c) < 0x250 or unicodedata.combining(c) for c in unicodedata.normalize('NFKD', name))


def main():
    cultures = {}
    for culture, locales in CULTURES.items():
        first, last = set(), set()
        for loc in locales:
            provider = importlib.import_module(f'faker.providers.person.{loc}').Provider
            ja = loc == 'ja_JP'
            first |= {n for n in entries(provider, JA_FIRST if ja else FIRST) if latin(n)}
            last |= {n for n in entries(provider, JA_LAST if ja else LAST) if latin(n)}
        cultures[culture] = {'locales': locales, 'first': sorted(first), 'last': sorted(last)}
    doc = {'source': f'Faker (Python) {faker.VERSION}, MIT', 'cultures': cultures}
    with open('src/eval/data/regional-names.json', 'w', encoding='utf-8') as f:
        json.dump(doc, f, ensure_ascii=False, indent=0)
        f.write('\n')


if __name__ == '__main__':
    main()
