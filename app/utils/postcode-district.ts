import { isValid, toOutcode, validOutcode } from "postcode";

// Where a volunteer lives, no closer than the postcode district: a whole UK postcode is accepted
// and cut to its outward code ("SW1A 1AA" → "SW1A"), an outward code alone is checked as one.
// Client-safe (the `postcode` library is small and pure).

/** The postcode district (outward code, upper case) of what was typed, or null when it is none. */
export function postcodeDistrict(input: string): string | null {
  const value = input.trim().toUpperCase().replace(/\s+/g, " ");
  if (!value) return null;
  if (isValid(value)) return toOutcode(value);
  const compact = value.replace(/ /g, "");
  return validOutcode(compact) ? compact : null;
}
