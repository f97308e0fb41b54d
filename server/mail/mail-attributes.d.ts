/**
 * The one attribute the e-mails use that React's types leave out: `valign` on a table cell, which
 * Outlook's Word engine reads where it ignores CSS `vertical-align`. React writes it as given.
 */
import 'react'

declare module 'react' {
  interface ThHTMLAttributes<T> {
    valign?: 'top' | 'middle' | 'bottom' | 'baseline'
  }
}
