/**
 * Endings that make a family name out of a given name: patronymics and the surnames that grew
 * from them. In much of Europe, the Caucasus and Central Asia a family name is a father's (or
 * ancestor's) given name plus one of these (Olafsdottir, Andersson, Pedersen, Petrovic,
 * Ivanova, Aliev, Petrosyan, Giorgadze, Georgiopoulos, Ionescu, Ahmetoglu, Hassanzadeh), so a
 * listed given name + an ending is a family name even when no list holds that family name.
 * Name lists hold the common ones; the endings reach the long tail they miss, in every culture
 * that forms names this way, without a list of those names.
 *
 * Our own list, from the standard descriptions of these naming systems (the Wikipedia articles
 * "Patronymic", "Icelandic name", "Scandinavian family name", "Eastern Slavic naming customs",
 * "South Slavic surnames", "Polish name", "Ukrainian surnames", "Armenian name", "Georgian
 * surname", "Greek surnames", "Romanian name", "Turkish name", "Azerbaijani name", "Persian
 * name"), folded to ASCII as local parts write them (ð, ö, ć, ğ -> d, o, c, g). Suffixes of one
 * letter (Persian and Arabic `-i`, South Slavic `-ic` would follow any name) are left out, as are
 * prefixes (Mac, Fitz, Abdul, Ben: measured, docs/scorecard.md §4). Segmentation
 * (`src/signals/names.ts`) only reads an ending right after a listed given name of 3+ letters.
 * No address and no row from any eval file.
 */
export const SURNAME_ENDINGS: readonly string[] = [
  // Nordic: -son/-sson (Andersson), -sen (Pedersen), -dottir/-dotter (Olafsdottir, Karlsdotter)
  'son', 'sson', 'sen', 'dottir', 'sdottir', 'dotter', 'sdotter',
  // East Slavic, Central Asian and Caucasian: Ivanov/Ivanova, Aliev/Alieva, patronymics -ovich/-ovna
  'ov', 'ova', 'ev', 'eva', 'ovich', 'evich', 'ovna', 'evna',
  // West and South Slavic, Ukrainian: Pawlowicz, Jankiewicz, Petrovic, Markovic, Petrenko, Ivanchuk
  'owicz', 'ewicz', 'ovic', 'evic', 'enko', 'chuk',
  // Armenian (Petrosyan, Grigorian), Georgian (Davitashvili, Giorgadze)
  'yan', 'ian', 'shvili', 'ashvili', 'dze', 'adze',
  // Greek: Georgiopoulos/Georgiopoulou, Manolakis, Pavlidis, Nikolaidis
  'opoulos', 'opoulou', 'akis', 'idis', 'iadis',
  // Romanian (Ionescu, Petreanu), Turkish (Ahmetoglu), Persian and Azerbaijani (Hassanzadeh, Alipour, Rezanejad)
  'escu', 'eanu', 'oglu', 'zadeh', 'zade', 'pour', 'nejad',
];
