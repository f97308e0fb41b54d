import { defineConfig } from 'vite'

/**
 * The server's renderer for forms posted without JavaScript (app/no-js/pages.tsx), bundled for Node
 * into build/no-js: the server runs plain TypeScript, which Node reads, but not the components'
 * JSX. React, React Router and the icons stay imports from node_modules, the same copies the
 * server's Node resolves.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'app/no-js/pages.tsx',
    outDir: 'build/no-js',
    emptyOutDir: true,
    rollupOptions: {
      // icon modules start with "use client", which means nothing outside server components
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
      output: { entryFileNames: 'pages.js' },
    },
  },
})
