import { defineConfig } from 'vite'

/**
 * The browser's only component bundle: the lead-form island (app/islands/lead-form.tsx), built after
 * React Router's prerendering into build/client/assets/islands. scripts/postbuild.ts points the
 * pages' placeholder script at the hashed file.
 *
 * In this build only, React is Preact's compatibility layer (docs/decisions/017-preact-island.md):
 * the pages are still prerendered by React 19, and the same components hydrate them in the browser
 * for about 10 KB instead of React DOM's 67 KB.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  // chunks are fetched (and preloaded) from where they are served
  base: '/assets/islands/',
  // public/ is React Router's build's to copy (into build/client), not this one's
  publicDir: false,
  build: {
    outDir: 'build/client/assets/islands',
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: 'app/islands/lead-form.tsx',
      // icon modules start with "use client", which means nothing outside server components
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
      output: {
        entryFileNames: 'lead-form-[hash].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
})
