/**
 * The only script a content page runs: a few lines of plain JavaScript, inlined in every page (the
 * server's Content-Security-Policy allows it by its hash). It drives the mobile menu toggle (its
 * label says Close while open; Escape or a tap outside closes it, and the insurance lines'
 * disclosure too: pointerdown, as a tap on a bare part of the page fires no click on iOS) and the
 * accordions and the maps' click-to-load facade by event delegation, lets Escape dismiss
 * the lock line's tooltip, and gives third-party frames their address only once they are on screen, so it also works on pages that React hydrates.
 * A frame starts looking for the screen only after the page's first contentful paint (or a second
 * after load where the browser does not report paints): a frame on the first screen would
 * otherwise open its connection to another site while the page itself is still being drawn, and
 * Lighthouse's simulation of a phone then counts that connection in the first paint (1.4 s seen
 * on /es/about/client-center, 0.7 s without it).
 */
export const enhanceScript = `(function(){
var d=document;
function setMenu(open){var b=d.getElementById('menu-toggle');if(!b)return;b.setAttribute('aria-expanded',String(open));d.getElementById('site-menu').toggleAttribute('data-open',open);var l=b.querySelector('[data-menu-label]');if(l)l.textContent=b.getAttribute(open?'data-label-open':'data-label-closed')}
function menuOpen(){var b=d.getElementById('menu-toggle');return !!b&&b.getAttribute('aria-expanded')==='true'}
function openLines(){return d.querySelector('details[data-nav-lines][open]')}
d.addEventListener('pointerdown',function(e){var t=e.target;if(!(t instanceof Element))return;
var x=openLines();if(x&&!x.contains(t))x.open=false;
if(menuOpen()&&!t.closest('#site-menu,[data-menu-toggle]'))setMenu(false)});
d.addEventListener('click',function(e){
var t=e.target;if(!(t instanceof Element))return;
if(t.closest('[data-menu-toggle]')){var b=d.getElementById('menu-toggle');setMenu(b.getAttribute('aria-expanded')!=='true');return}
if(t.closest('#site-menu a')){setMenu(false);return}
var map=t.closest('[data-map-src]');
if(map){var f=d.createElement('iframe');f.src=map.getAttribute('data-map-src');f.title=map.getAttribute('data-map-title');f.width='600';f.height=map.getAttribute('data-map-height');f.className='map-frame__frame';f.setAttribute('referrerpolicy','no-referrer');var box=map.closest('[data-map-box]');box.replaceChildren(f);f.focus();return}
var trig=t.closest('[data-accordion-trigger]');
if(trig){var group=trig.closest('[data-accordion]');var open=trig.getAttribute('aria-expanded')==='true';
group.querySelectorAll('[data-accordion-trigger]').forEach(function(o){var p=d.getElementById(o.getAttribute('aria-controls'));var on=o===trig&&!open;o.setAttribute('aria-expanded',String(on));if(p)p.hidden=!on})}
});
d.addEventListener('keydown',function(e){if(e.key!=='Escape')return;
var a=d.activeElement;if(a&&a.classList.contains('tooltip__trigger')){a.parentElement.setAttribute('data-dismissed','');return}
var x=openLines();if(x){x.open=false;x.querySelector('summary').focus();if(!menuOpen())return}
var b=d.getElementById('menu-toggle');if(menuOpen()){setMenu(false);b.focus()}});
d.addEventListener('focusout',function(e){var t=e.target;if(t instanceof Element&&t.classList.contains('tooltip__trigger'))t.parentElement.removeAttribute('data-dismissed')});
var frames=d.querySelectorAll('iframe[data-src]');
if(frames.length&&'IntersectionObserver' in window){var watching=false;
function watch(){if(watching)return;watching=true;var io=new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){e.target.src=e.target.getAttribute('data-src');io.unobserve(e.target)}})});frames.forEach(function(f){io.observe(f)})}
try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)watch()}).observe({type:'paint',buffered:true})}catch(x){}
addEventListener('load',function(){setTimeout(watch,1000)})}
})();`
