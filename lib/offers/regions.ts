/**
 * Whether a storage volume's region suits an offer's location. Runcrate says a volume must be in a compatible region
 * but not which ones are (docs silent), so this compares continents only: a volume's region name starts with its area
 * ("us-east-1", "eu-central-1", "ap-northeast-1"), an offer has a country code. Unknown on either side → null, and the
 * form says nothing rather than guess.
 */

type Area = "na" | "eu" | "ap" | "sa" | "me" | "af";

const COUNTRY_AREA: Record<string, Area> = {};
const AREAS: Record<Area, string[]> = {
  na: ["US", "CA", "MX"],
  eu: [
    "AT",
    "BE",
    "BG",
    "CH",
    "CZ",
    "DE",
    "DK",
    "EE",
    "ES",
    "FI",
    "FR",
    "GB",
    "GR",
    "HR",
    "HU",
    "IE",
    "IS",
    "IT",
  ].concat(["LT", "LU", "LV", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK", "UA"]),
  ap: ["AU", "CN", "HK", "ID", "IN", "JP", "KR", "MY", "NZ", "PH", "SG", "TH", "TW", "VN"],
  sa: ["AR", "BR", "CL", "CO", "PE"],
  me: ["AE", "BH", "IL", "QA", "SA", "TR"],
  af: ["EG", "KE", "NG", "ZA"],
};
for (const [area, codes] of Object.entries(AREAS)) for (const c of codes) COUNTRY_AREA[c] = area as Area;

const PREFIX_AREA: Record<string, Area> = {
  us: "na",
  ca: "na",
  eu: "eu",
  ap: "ap",
  sa: "sa",
  me: "me",
  af: "af",
};

export function areaOfCountry(code: string | null | undefined): Area | null {
  return code ? (COUNTRY_AREA[code.toUpperCase()] ?? null) : null;
}

export function areaOfVolumeRegion(region: string | number | null | undefined): Area | null {
  if (typeof region !== "string") return null;
  const prefix = /^([a-z]{2})-/i.exec(region.trim())?.[1]?.toLowerCase();
  return prefix ? (PREFIX_AREA[prefix] ?? null) : null;
}

/** true: same area; false: another continent; null: can't tell. */
export function volumeFitsOffer(
  volumeRegion: string | number | null | undefined,
  offerCountry: string | null | undefined,
): boolean | null {
  const v = areaOfVolumeRegion(volumeRegion);
  const o = areaOfCountry(offerCountry);
  return v === null || o === null ? null : v === o;
}
