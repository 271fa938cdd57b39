// How Korean (and mixed) text is compared, one way each: composed (NFC, so a name typed on a phone that
// sends decomposed jamo matches), lowercase, and with the separators that names are written with or
// without ("망원 시장", "망원·합정", "진대감(마포점)") taken out.

/** A word or phrase as it is compared with terms: composed, lowercase, no whitespace. */
export const squash = (s: string): string => s.normalize("NFC").toLowerCase().replace(/\s+/g, "");

/** A name as names are compared (places, stations, titles): also without dots, dashes, commas, brackets and quotes. */
export function normalizeName(s: string): string {
  if (/^[가-힣0-9a-z]*$/.test(s)) return s; // already normalized: most lookups are
  return s
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s.,\-·'’()[\]]/g, "");
}

/** A query as it is cached and logged: composed, trimmed, runs of whitespace as one space. */
export const normalizeQuery = (q: string): string => q.normalize("NFC").trim().replace(/\s+/g, " ");
