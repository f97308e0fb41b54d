import { ChevronDown } from 'lucide-react'
import type { AccordionItem, Block, Card } from '#content/types.ts'
import { useHref } from '../site/i18n.ts'
import { Icon } from './icon.tsx'
import { Section } from './section.tsx'

/** Renders a page's explainers, accordions, card grids and notes, in order. */
export function Blocks({ blocks, idPrefix }: { blocks: Block[]; idPrefix: string }) {
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${idPrefix}-${i}`
        switch (block.kind) {
          case 'text':
            return (
              <Section key={key} id={block.id} headingId={`${key}-h`} copy={block} prose>
                {block.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {block.list ? (
                  <ul className="check-list">
                    {block.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                {block.after?.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </Section>
            )
          case 'accordion':
            return (
              <Section
                key={key}
                className="section section--tinted"
                id={block.id}
                headingId={`${key}-h`}
                copy={block}
                prose
              >
                <Accordion id={key} items={block.items} firstOpen={block.firstOpen} />
              </Section>
            )
          case 'cards':
            return (
              <Section key={key} id={block.id} headingId={`${key}-h`} copy={block} centered>
                <CardGrid cards={block.cards} />
              </Section>
            )
          case 'note':
            return (
              <div key={key} className="container">
                <p className="note">{block.text}</p>
              </div>
            )
          default:
            return block satisfies never
        }
      })}
    </>
  )
}

/**
 * An accordion in the APG pattern: buttons with aria-expanded and aria-controls, one panel open
 * at a time. The inline enhance script handles the clicks, so it needs no React in the browser.
 */
function Accordion({ id, items, firstOpen }: { id: string; items: AccordionItem[]; firstOpen: boolean }) {
  return (
    <div className="accordion" data-accordion="">
      {items.map((item, i) => {
        const open = firstOpen && i === 0
        const panelId = `${id}-panel-${i}`
        const buttonId = `${id}-button-${i}`
        return (
          <div className="accordion__item" key={item.title}>
            <h3 className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__trigger"
                aria-expanded={open ? 'true' : 'false'}
                aria-controls={panelId}
                data-accordion-trigger=""
              >
                <span>{item.title}</span>
                <ChevronDown aria-hidden="true" width={20} height={20} className="accordion__chevron" />
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} className="accordion__panel" hidden={!open}>
              {item.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {item.list ? (
                <ul>
                  {item.list.map((li) => (
                    <li key={li}>{li}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          </div>
        )
      })}
    </div>
  )
}

export function CardGrid({ cards }: { cards: Card[] }) {
  const href = useHref()
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.href} className="card">
          <span className="card__icon">
            <Icon name={card.icon} size={32} />
          </span>
          <h3 className="card__title">
            <a href={href(card.href)} className="card__link">
              {card.title}
            </a>
          </h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  )
}
