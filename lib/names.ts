// Names people type (stores, persons, research items) are unique ignoring case,
// spacing and Unicode form, through a `name_key` column with a unique index.

/** Spaces collapsed, Unicode composed (so "Pão" typed two ways is one name). */
export function cleanName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ");
}

/** The value of `name_key`: the cleaned name in lower case. */
export function nameKey(name: string): string {
  return cleanName(name).toLowerCase();
}
