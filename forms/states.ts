/**
 * The 50 US states for the shared state selector: the agency's own state first (config/agency.ts,
 * `address.region`), preselected, then the others A–Z. The submitted values are the states' English
 * names (the forms' contract); the list is read when used, so a published change of state reorders it.
 */
import { agency } from '#config/agency.ts'

/** Each state's English name (the submitted value) by its two-letter code, A–Z by name. */
const statesByCode: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

const statesAToZ: readonly string[] = Object.values(statesByCode)

const codesByName: ReadonlyMap<string, string> = new Map(
  Object.entries(statesByCode).map(([code, name]) => [name.toLowerCase(), code]),
)

/** 'GA' for 'Georgia' (the forms' submitted value) or 'ga'; anything else as it is. */
export function stateCode(value: string): string {
  const trimmed = value.trim()
  if (statesByCode[trimmed.toUpperCase()]) return trimmed.toUpperCase()
  return codesByName.get(trimmed.toLowerCase()) ?? trimmed
}

/** The agency's state ('Georgia' for 'GA'); the first state A–Z if the code is not a state's. */
export function homeState(): string {
  return statesByCode[agency.address.region] ?? statesAToZ[0] ?? ''
}

/** The 50 states, the agency's first, then A–Z. */
export function usStates(): readonly string[] {
  const home = homeState()
  return [home, ...statesAToZ.filter((name) => name !== home)]
}
