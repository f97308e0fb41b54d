// Runs before every npm script: under a Node.js older than 24 the TypeScript scripts fail with
// cryptic errors (or leave a half-written build), so stop with one line that names the fix.
// Plain old JavaScript on purpose: it must parse on whatever Node the machine has.
var major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    'This project needs Node.js 24 or newer (this is ' +
      process.version +
      '): run it through `bash scripts/run.sh <task>`, which brings its own Node 24, or put Node 24 first on the PATH (`source scripts/node24.sh`).',
  )
  process.exit(1)
}
