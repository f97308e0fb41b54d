/**
 * The agency's state in the copy: its name and its people come from the published facts
 * (config/agency.ts), so a new install in another state edits no page. Copy that states one
 * state's law (a helmet rule, a workers' compensation threshold, auto minimums) is written with
 * `stateSpecific`: shown only while the agency is in that state, a general sentence otherwise, so
 * a change of state never makes a page false. Use these only inside `liveCopy` builders
 * (docs/decisions/035-copy-from-the-facts.md).
 */
import { agency } from '#config/agency.ts'

/** The state's name in each language ('Georgia'; 'Oregon', 'Oregón'), read when used. */
export const state = {
  get en(): string {
    return agency.address.regionName.en
  },
  get es(): string {
    return agency.address.regionName.es
  },
}

/** Its people, as the copy names them ('Georgians', 'los georgianos'), read when used. */
export const people = {
  get en(): string {
    return agency.people.en
  },
  get es(): string {
    return agency.people.es
  },
}

/**
 * `text` while the agency's state is `region` (its two-letter code, 'GA'), `otherwise` in any other
 * state: for copy true in one state only. `otherwise` may be an empty list to leave items out.
 */
export function stateSpecific<T>(region: string, text: T, otherwise: T): T {
  return agency.address.region === region ? text : otherwise
}
