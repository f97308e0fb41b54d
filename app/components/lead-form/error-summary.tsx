import type { MouseEvent, Ref } from 'react'

export interface SummaryError {
  /** The id of the control the entry leads to. */
  controlId: string
  /** What the visitor reads: the field's label and its problem. */
  text: string
}

/**
 * The list of problems at the top of a form that could not be sent, each a link to its field: the
 * GOV.UK Design System's error summary. The form moves focus here after a refused submit; it
 * renders the same on the server (a form posted without JavaScript) and in the browser.
 */
export function ErrorSummary({
  title,
  errors,
  summaryRef,
  onFollow,
  autoFocus,
}: {
  title: string
  errors: readonly SummaryError[]
  summaryRef?: Ref<HTMLDivElement>
  /** In the browser: focus the control itself (a plain fragment link only scrolls). */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>, controlId: string) => void
  /** Focused as the page loads (a page the server sent back: no script moves the focus there). */
  autoFocus?: boolean
}) {
  return (
    // biome-ignore lint/a11y/noAutofocus: only on the page a post without JavaScript gets back, where the visitor just asked for it and no script can move the focus (GOV.UK's error summary)
    <div className="error-summary" tabIndex={-1} ref={summaryRef} autoFocus={autoFocus}>
      <div role="alert">
        <h2 className="error-summary__title" id="error-summary-title">
          {title}
        </h2>
        <ul className="error-summary__list">
          {errors.map((error) => (
            <li key={error.controlId}>
              <a
                href={`#${error.controlId}`}
                onClick={onFollow ? (event) => onFollow(event, error.controlId) : undefined}
              >
                {error.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
