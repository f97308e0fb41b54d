/** Where prerendered form pages load the island from; scripts/postbuild.ts swaps in the hashed file. */
export const leadFormIslandPlaceholder = '/assets/islands/lead-form.js'
