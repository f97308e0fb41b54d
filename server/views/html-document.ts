/**
 * Server-rendered HTML, one way: React elements written in .tsx, rendered to a string by
 * react-dom/server. React escapes every text child and attribute value, so what a visitor typed
 * can never become markup
 * (docs/decisions/018-staff-views-with-react.md, docs/decisions/044-server-views-in-tsx.md).
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** A whole page or e-mail body from its `<html>` element. */
export function htmlDocument(root: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(root)}`
}
