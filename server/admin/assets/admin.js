// The staff pages work without this script; it only smooths two things.
// 1. A form marked data-submit-once disables its button while the post is under way, so a
//    double click does not post twice (a reveal would be recorded twice).
// 2. A revealed sensitive value is hidden again after two minutes on screen.
document.addEventListener('submit', (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-submit-once')) return
  for (const button of form.querySelectorAll('button[type="submit"]')) {
    // After the event, so the button's own value is still sent.
    setTimeout(() => {
      button.disabled = true
    })
  }
})

// Coming back with the Back button shows the page from the cache: buttons work again.
window.addEventListener('pageshow', () => {
  for (const button of document.querySelectorAll('form[data-submit-once] button[disabled]')) {
    button.disabled = false
  }
})

const revealedForMs = 2 * 60 * 1000
for (const value of document.querySelectorAll('[data-revealed]')) {
  setTimeout(() => {
    value.textContent = 'Hidden again. Reveal it once more if you still need it.'
    value.classList.remove('revealed')
  }, revealedForMs)
}

// 3. "Copy details" puts a lead's name, phone and e-mail on the clipboard (hidden without script).
for (const button of document.querySelectorAll('button[data-copy]')) {
  if (!navigator.clipboard) continue
  button.hidden = false
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(button.getAttribute('data-copy') ?? '')
    button.textContent = 'Copied'
  })
}

// 4. Call, text or e-mail on a lead opens the one-tap log: the contact attempt is chosen in the
//    work form, which is brought into view, so the outcome is one tap away when the call ends.
//    The link itself still opens the phone's dialer, messages or mail.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-log-channel]') : null
  const form = document.querySelector('form[data-work-form]')
  if (!link || !form) return
  // "Log the call" is a link to this page's form for a page without the script: here, no reload.
  if (link.hasAttribute('data-log-only')) event.preventDefault()
  const radio = form.querySelector(`input[name="channel"][value="${link.getAttribute('data-log-channel')}"]`)
  if (radio) radio.checked = true
  form.setAttribute('data-logging', '')
  setTimeout(() => {
    form.scrollIntoView({ block: 'start' })
    const outcome = radio?.value === 'email' ? 'emailOutcome' : 'outcome'
    form.querySelector(`input[name="${outcome}"]:checked`)?.focus({ preventScroll: true })
  }, 300)
})

// 4b. A quick follow-up choice is written into the follow-up's date and time, where it can be
//     read and adjusted; typing a time there drops the quick choice (the server takes the quick
//     choice over the typed time when both are sent).
document.addEventListener('change', (event) => {
  const field = event.target
  if (!(field instanceof HTMLElement)) return
  const form = field.closest('form[data-work-form]')
  if (!form) return
  const quick = form.querySelector('select[data-follow-up-quick]')
  const exact = form.querySelector('input[name="followUp"]')
  if (!quick || !exact) return
  if (field === quick && quick.value) exact.value = quick.value
  else if (field === exact) quick.value = ''
})

// 5. The work form saves in place: no page load, the scroll kept. The parts of the page that
//    changed (marked data-live) are read again from the server. Without a session (it ended), the
//    form is posted the ordinary way: the sign-in page then keeps what was typed.
function showWorkNotice(text, isError) {
  const notice = document.getElementById('work-notice')
  if (!notice) return
  notice.textContent = text
  notice.className = isError ? 'error-banner' : 'notice'
  notice.setAttribute('role', isError ? 'alert' : 'status')
  notice.hidden = false
}

async function refreshLiveParts(noticeKey) {
  // With the save's notice, the page comes back with "Saved." and what was saved under the button.
  const query = noticeKey ? `?notice=${encodeURIComponent(noticeKey)}` : ''
  const response = await fetch(window.location.pathname + query, { headers: { accept: 'text/html' } })
  if (!response.ok) return
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html')
  for (const part of fresh.querySelectorAll('[data-live]')) {
    const current = document.querySelector(`[data-live="${part.getAttribute('data-live')}"]`)
    if (current) current.replaceWith(document.importNode(part, true))
  }
}

document.addEventListener('submit', async (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-work-form') || !window.fetch) return
  event.preventDefault()
  const body = new URLSearchParams(new FormData(form))
  const enable = () => {
    for (const button of form.querySelectorAll('button')) button.disabled = false
  }
  let response
  try {
    response = await fetch(form.action, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
  } catch {
    form.submit()
    return
  }
  if (response.status === 401) {
    form.submit()
    return
  }
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) {
    enable()
    showWorkNotice(answer.error ?? 'Not saved. Please try again.', true)
    return
  }
  await refreshLiveParts(answer.noticeKey)
  const notice = document.getElementById('work-notice')
  if (notice && !notice.hidden) {
    // Emptied and filled again, so a screen reader announces the new status region's words.
    const parts = [...notice.childNodes]
    notice.replaceChildren()
    setTimeout(() => notice.replaceChildren(...parts), 50)
    notice.scrollIntoView({ block: 'nearest' })
  } else showWorkNotice(answer.notice ?? 'Saved.', false)
})

// 6. The inbox tells of new leads without reshuffling the list under a finger: while the tab is
//    visible it asks every 45 seconds how many arrived since the newest shown, and offers them.
const newLeads = document.querySelector('[data-poll-since]')
if (newLeads && window.fetch) {
  const since = newLeads.getAttribute('data-poll-since') || new Date().toISOString()
  const everyMs = 45_000
  let lastPoll = Date.now()
  let timer
  const poll = async () => {
    lastPoll = Date.now()
    const response = await fetch(`/api/admin/leads/new-count?since=${encodeURIComponent(since)}`, {
      headers: { accept: 'application/json' },
    }).catch(() => undefined)
    if (!response || response.status === 401) return false
    const { count } = await response.json().catch(() => ({ count: 0 }))
    if (count > 0) {
      newLeads.textContent = ''
      const link = document.createElement('a')
      link.href = window.location.href
      link.textContent = `${count} new ${count === 1 ? 'lead' : 'leads'}: show them`
      newLeads.append(link)
      newLeads.hidden = false
    }
    return true
  }
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(async () => {
      if (document.visibilityState === 'visible' && !(await poll())) return
      schedule()
    }, everyMs)
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastPoll >= everyMs) poll()
  })
  schedule()
}
