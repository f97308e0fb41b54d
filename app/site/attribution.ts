/**
 * Where a visit began, kept without cookies (docs/api.md, "Where a lead came from"). The script is
 * inlined in every page (the server's Content-Security-Policy allows it by its hash) and runs once
 * per tab visit: at the first page it writes to this tab's sessionStorage the page's path, the
 * other site's host when another site sent the visitor, the address's utm_* values and which kind
 * of ad click id it carried (never the id: that names one person's click). Nothing leaves the
 * browser but with a form: a form posted by the browser itself gets the record as the hidden field
 * `_source` as it is sent; the island adds it to its JSON body (`leadSourceForSubmit`). The server
 * checks it again (forms/lead-source.ts). Without JavaScript nothing is kept or sent.
 */
const leadSourceStorageKey = 'leadSource'

export const attributionScript = `(function(){try{
var s=sessionStorage,k='${leadSourceStorageKey}',v=s.getItem(k),l=location;
if(!v){var q=new URLSearchParams(l.search),o={landing:l.pathname},r;
try{r=new URL(document.referrer).host}catch(e){}if(r&&r!==l.host)o.referrer=r;
['Source','Medium','Campaign','Term','Content'].forEach(function(n){var x=q.get('utm_'+n.toLowerCase());if(x)o['utm'+n]=x.slice(0,100)});
'gclid gbraid wbraid dclid fbclid msclkid ttclid twclid li_fat_id'.split(' ').some(function(n){return q.has(n)&&(o.clickId=n)});
s.setItem(k,v=JSON.stringify(o))}
addEventListener('submit',function(e){var f=e.target;if(e.defaultPrevented||!f.hasAttribute('data-form-key')||f.elements._source)return;
var i=document.createElement('input');i.type='hidden';i.name='_source';i.value=v;f.append(i)})
}catch(e){}})();`

/** The record this tab keeps, as the island sends it; undefined when there is none (or no storage). */
export function leadSourceForSubmit(): unknown {
  try {
    const kept = sessionStorage.getItem(leadSourceStorageKey)
    return kept ? JSON.parse(kept) : undefined
  } catch {
    return undefined
  }
}
