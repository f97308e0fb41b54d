import type { ReactNode } from 'react'

/**
 * A page section in a container, named by its <h2> when its copy has a heading (aria-labelledby),
 * then the copy's intro paragraph if any. `centered` centres the heading and intro above a grid
 * (cards, carriers); `prose` sets the container's text for reading.
 */
export function Section({
  className = 'section',
  id,
  headingId,
  copy,
  centered = false,
  prose = false,
  children,
}: {
  className?: string
  id?: string | undefined
  headingId: string
  copy: { heading?: string | undefined; intro?: string | undefined }
  centered?: boolean
  prose?: boolean
  children?: ReactNode
}) {
  const { heading, intro } = copy
  return (
    <section className={className} id={id} aria-labelledby={heading ? headingId : undefined}>
      <div className={prose ? 'container prose' : 'container'}>
        {heading ? (
          <h2 id={headingId} className={centered ? 'section__title' : undefined}>
            {heading}
          </h2>
        ) : null}
        {intro ? <p className={centered ? 'section__intro' : undefined}>{intro}</p> : null}
        {children}
      </div>
    </section>
  )
}
