import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { addressLines, localityParts } from '#config/agency-facts.ts'

/** One line of the agency's contact details (footer, contact page): a decorative icon, then the line. */
export function IconLine({ icon: Svg, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="icon-line">
      <Svg aria-hidden="true" width={18} height={18} />
      {children}
    </span>
  )
}

/** The office's street, a line break, then its city, state and ZIP code. */
export function OfficeAddress() {
  return (
    <>
      {addressLines()[0]}
      <br />
      {localityParts()}
    </>
  )
}
