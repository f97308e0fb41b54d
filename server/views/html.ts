/**
 * The `html` tag for server markup still written as a template (views not yet converted to .tsx;
 * docs/decisions/044-server-views-in-tsx.md): htm bound to React.createElement, as `htm/react`,
 * with its values typed instead of `any`. A value is what React can render or read as an
 * attribute: text, a number, an element, a list of them, nothing (`null`, `undefined`, `false`), a
 * component in a tag's place (`<${Fragment}>`), an inline style object (the e-mails), ARIA
 * attributes spread into a tag, or markup React was asked to keep whole (`dangerouslySetInnerHTML`,
 * the two-step sign-in's QR code). A date, an object or an unknown value given where text belongs
 * is refused by the type check instead of by React at run time.
 */
import htm from 'htm'
import { type AriaAttributes, type CSSProperties, createElement, type Fragment, type ReactNode } from 'react'

/** Markup React keeps as given: only what the server made itself (a QR code's SVG). */
interface TrustedMarkup {
  __html: string
}

/** Attributes spread into a tag (`<input ...${invalid(field)} />`): ARIA attributes. */
type SpreadAttributes = AriaAttributes

type HtmlValue = ReactNode | CSSProperties | TrustedMarkup | SpreadAttributes | typeof Fragment

type CreateElement = (
  type: string | typeof Fragment,
  props: Record<string, unknown> | null,
  ...children: ReactNode[]
) => ReactNode

const tag = htm.bind<ReactNode>(createElement as CreateElement)

/** One element (or several side by side) from a template; React escapes every text and attribute value. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): ReactNode {
  return tag(strings, ...values)
}
