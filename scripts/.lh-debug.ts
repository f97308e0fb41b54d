import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'], logLevel: 'silent' })
for (const p of process.argv.slice(2)) {
  const t = Date.now()
  const r = await lighthouse('http://localhost:3391' + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  console.log(p, r?.lhr.runtimeError?.code, r?.lhr.categories.performance?.score, Date.now() - t, r?.lhr.runWarnings)
}
chrome.kill()
