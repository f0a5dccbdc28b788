// Portuguese tax number (NIF / NIPC): 9 digits, the last a mod-11 check digit
// over the first eight weighted 9..2; a remainder of 0 or 1 gives check digit 0.
//
// Only the check digit and "does not start with 0" are enforced. The AT keeps
// opening new leading-digit ranges (3xx for individuals since 2019, 45x for
// non-residents), so a fixed list of prefixes would reject real numbers later.

export function nifCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new TypeError("nifCheckDigit: expected 8 digits");
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(firstEight[index]) * (9 - index);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function isValidNif(value: string): boolean {
  if (!/^[1-9]\d{8}$/.test(value)) return false;
  return nifCheckDigit(value.slice(0, 8)) === Number(value.slice(8));
}

/** The NIF a fatura's buyer field carries for a final consumer with no NIF. */
export const FINAL_CONSUMER_NIF = "999999990";
