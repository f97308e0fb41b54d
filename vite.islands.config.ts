import { defineConfig } from 'vite'

/**
 * The browser's only React bundle: the lead-form island (app/islands/lead-form.tsx), built after
 * React Router's prerendering into build/client/assets/islands. scripts/postbuild.ts points the
 * pages' placeholder script at the hashed file.
 */
export default defineConfig({
  // chunks are fetched (and preloaded) from where they are served
  base: '/assets/islands/',
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
