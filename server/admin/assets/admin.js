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
