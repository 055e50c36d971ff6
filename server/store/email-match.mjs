// The one form in which an e-mail address is stored for matching (the `revisions.email` column) and
// looked for by `erase --email`, so that every way of writing one address finds it. The body keeps
// the address as the creator typed it; only the match value is normalised. Both sides go through
// this one function: what was stored and what the operator types.
//
// 1. Invisible characters out: every Default_Ignorable_Code_Point (zero-width space, joiners,
//    soft hyphen, word joiner, BOM, variation selectors, …) and every Bidi_Control (U+202A–U+202E,
//    U+2066–U+2069, LRM, RLM, ALM). None of them can be part of an address a person reads back,
//    and each makes two addresses that look identical differ byte for byte.
// 2. Trimmed of white space at either end (as before).
// 3. Canonical decomposition (NFD), then case folded, then composed again (NFC): Unicode's
//    "canonical caseless match" (§3.13), with NFC rather than NFD as the stored form.
//    JavaScript has no String.prototype.caseFold, and toLowerCase() alone is not case folding
//    (it leaves "ß", "ς" and "ﬁ" unfolded and keeps "Σ"/"ς" apart), so the fold is upper case then
//    lower case: toUpperCase() applies Unicode's full (one-to-many) mappings, so "ß" → "SS" → "ss",
//    "ﬁ" → "FI" → "fi", "K" (Kelvin) → "k", and "σ" and "ς" meet as "Σ" (then take the lower case
//    their place in the word gives, the same on both sides). That is full case folding
//    (CaseFolding.txt, C+F) for every letter an address can hold in practice; where it differs it
//    folds more, never less: "ı" (dotless i) meets "i", Cherokee folds to its lower case. It
//    does not apply NFKC: a full-width "ａ" stays apart from "a" (another character to a mail server).
// The result is what is compared, byte for byte, in SQL: it runs in JavaScript, not in the
// database, whose lower() depends on its collation (PGlite's C locale folds ASCII only).

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;

/**
 * How an address is stored and matched (see above).
 * @param {string} email
 * @returns {string}
 */
export function normalisedEmail(email) {
  return email.replace(INVISIBLE, '').trim().normalize('NFD').toUpperCase().toLowerCase().normalize('NFC');
}
