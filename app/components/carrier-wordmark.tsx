import type { Carrier } from '#config/carriers.ts'
import { CarrierLogo } from './site-image.tsx'

/**
 * A carrier's logo when an owner uploaded one on the desk; otherwise its name set as a text
 * wordmark (see config/carriers.ts). `short` uses the carrier's short name where the space is
 * tight, as on the home page's strip.
 */
export function CarrierWordmark({ carrier, short = false }: { carrier: Carrier; short?: boolean }) {
  if (carrier.logo) return <CarrierLogo image={carrier.logo} name={carrier.name} />
  return <span className="wordmark">{short ? (carrier.shortName ?? carrier.name) : carrier.name}</span>
}

/** A carrier's wordmark linking to the carrier's own site in a new tab, which it announces. */
export function CarrierLink({
  carrier,
  newTabLabel,
  className,
}: {
  carrier: Carrier
  newTabLabel: string
  className?: string
}) {
  return (
    <a href={carrier.url} target="_blank" rel="noopener noreferrer" className={className}>
      <CarrierWordmark carrier={carrier} />
      <span className="visually-hidden"> {newTabLabel}</span>
    </a>
  )
}
