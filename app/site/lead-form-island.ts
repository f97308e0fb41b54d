/** Where prerendered form pages load the island from; scripts/postbuild.ts swaps in the hashed file. */
export const leadFormIslandPlaceholder = '/assets/islands/lead-form.js'

/**
 * The form island's wake-up, inlined in every page that holds a lead form (the server's
 * Content-Security-Policy allows it by its hash), on the `<script data-lead-form-island="…">` that
 * names the island's file. No form script is requested while the page loads: the page paints with
 * nothing competing for the phone's network or CPU, and the prerendered form already works (it posts
 * by itself, server/no-js). The island (app/islands/lead-form.tsx) is started at the visitor's first
 * tap, key, focus, mouse move or wheel anywhere on the page, or at once when this tab keeps a draft
 * of the page's form to restore after a reload or a back (app/components/lead-form/form-draft.ts marks that on the
 * tab's history entry: `history.state.leadFormDraft`), or when the visitor arrives from the same page
 * in the other language (the draft is one per form, whatever the language: its answers come back
 * as the page appears). After the load event, when the browser is idle, the entry file
 * (6 KB) is fetched without running it, so the first touch does not wait a round trip for it.
 *
 * The rule that a submit button is disabled until the form is valid (docs/contracts.md, "Forms")
 * holds from the first paint: this script greys the buttons marked `data-until-valid`
 * (aria-disabled, as the island does) while the page is parsed. A tap on a grey button before the island has woken is held, and given to
 * the island once it has (which explains what is missing). If the island cannot load, the buttons
 * are released and the form posts by itself. Without JavaScript none of this runs: the button is
 * enabled and the server checks the answers.
 */
export const islandWakeScript = `(function(){
var d=document,src=d.currentScript.getAttribute('data-lead-form-island'),T=['pointerdown','touchstart','keydown','focusin','mousemove','wheel'],woke=false,pending=null;
function release(){d.querySelectorAll('button[data-until-valid]').forEach(function(b){b.removeAttribute('aria-disabled')})}
function wake(){if(woke)return;woke=true;T.forEach(function(t){removeEventListener(t,wake,true)});
var s=d.createElement('script');s.type='module';s.src=src;s.onerror=release;d.body.appendChild(s)}
T.forEach(function(t){addEventListener(t,wake,{capture:true,passive:true})});
d.querySelectorAll('form[data-form-key] button[data-until-valid]').forEach(function(b){var f=b.form;b.setAttribute('aria-disabled','true');
b.addEventListener('click',function(e){if(f.hasAttribute('data-hydrated')||!b.hasAttribute('aria-disabled'))return;e.preventDefault();wake();
if(!pending){pending=b;new MutationObserver(function(m,o){if(!f.hasAttribute('data-hydrated'))return;o.disconnect();pending=null;b.click()}).observe(f,{attributes:true,attributeFilter:['data-hydrated']})}})});
if(history.state&&history.state.leadFormDraft===true)wake();
try{var r=new URL(d.referrer),t=function(p){return p==='/es'?'/':p.indexOf('/es/')===0?p.slice(3):p};if(r.host===location.host&&r.pathname!==location.pathname&&t(r.pathname)===t(location.pathname))wake()}catch(e){}
function fetchEarly(){if(woke)return;var l=d.createElement('link');l.rel='modulepreload';l.href=src;d.head.appendChild(l)}
addEventListener('load',function(){window.requestIdleCallback?requestIdleCallback(fetchEarly,{timeout:3000}):setTimeout(fetchEarly,1)},{once:true})
})();`
