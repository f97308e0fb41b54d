import { islandWakeScript } from '../site/lead-form-island.ts'

/**
 * The form island's wake-up script (app/site/lead-form-island.ts), on pages that hold a form. The
 * server renders it again to find it in a page it sends back without the island (server/no-js).
 */
export function LeadFormIslandScript({ src }: { src: string }) {
  return <script data-lead-form-island={src} dangerouslySetInnerHTML={{ __html: islandWakeScript }} />
}
