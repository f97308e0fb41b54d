/**
 * The visible text of an HTML page or fragment, for assertions a reader would make: scripts and tags
 * dropped, the entities React and the mail templates write decoded (&amp; last, so an escaped
 * entity stays as written), whitespace runs made one space.
 */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
