import type { Config } from '@react-router/dev/config'
import { prerenderPaths } from '#app/site/route-table.ts'

// Every public page is prerendered to HTML at build time; there is no runtime SSR.
// The Fastify server (server/) serves these files and the API.
export default {
  ssr: false,
  prerender: prerenderPaths(),
} satisfies Config
