/**
 * /admin/notifications: phone notifications for the signed-in member. This browser is turned on or
 * off by the page's script (server/admin/assets/push.js: the browser's permission, its push
 * subscription, POST/DELETE /api/admin/push-subscriptions); what reaches the member is a plain form
 * (Post/Redirect/Get), so it works without the script; the member's browsers are listed with a
 * Remove button each.
 */

import { agency } from '#config/agency.ts'
import { schemaDayName, timeLabel } from '#config/agency-facts.ts'
import type { PushPreferences, SubscribedBrowser } from '#server/push/push-subscriptions.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formatDateTime } from '../staff-time.ts'
import { noticeBanner, staffPage } from './admin-layout.tsx'

export interface NotificationsView {
  staff: StaffSession
  /** The VAPID public key browsers subscribe with; undefined: the server sends no notifications. */
  publicKey: string | undefined
  preferences: PushPreferences
  browsers: SubscribedBrowser[]
  notice?: string
}

/** "Monday, Tuesday… 9:00 am to 5:00 pm", one line per slot of the agency's week. */
function officeHours(): string {
  return agency.hours
    .filter((slot) => slot.opens && slot.closes)
    .map((slot) => {
      const days = slot.days.map((day) => schemaDayName(day)).join(', ')
      return `${days} ${timeLabel(slot.opens ?? '', 'am', 'pm', ' ')} to ${timeLabel(slot.closes ?? '', 'am', 'pm', ' ')}`
    })
    .join('; ')
}

function thisBrowser(view: NotificationsView) {
  if (!view.publicKey) {
    return (
      <section aria-labelledby="browser-heading">
        <h2 id="browser-heading">This browser</h2>
        <p>This server sends no phone notifications.</p>
      </section>
    )
  }
  return (
    <section aria-labelledby="browser-heading" data-push-key={view.publicKey}>
      <h2 id="browser-heading">This browser</h2>
      <p>
        Turn notifications on in each browser that should ring: your phone, your computer. On a phone, add the
        desk to your home screen first (the browser's menu, then “Install app” or “Add to Home Screen”; on an
        iPhone, Share, then “Add to Home Screen”) and open it from there: a tap on a notification then opens
        the lead in it.
      </p>
      <p data-push-status="" aria-live="polite" className="muted">
        Notifications need this page's script.
      </p>
      <p className="actions">
        <button type="button" data-push-on="" hidden>
          Turn on notifications in this browser
        </button>
        <button type="button" className="button-secondary" data-push-off="" hidden>
          Turn them off in this browser
        </button>
      </p>
    </section>
  )
}

function checkbox(name: keyof PushPreferences, label: string, checked: boolean, hint?: string) {
  return (
    <>
      <div className="check">
        <input
          id={`pref-${name}`}
          name={name}
          type="checkbox"
          defaultChecked={checked}
          aria-describedby={hint ? `pref-${name}-hint` : undefined}
        />
        <label htmlFor={`pref-${name}`}>{label}</label>
      </div>
      {hint && (
        <p className="muted" id={`pref-${name}-hint`}>
          {hint}
        </p>
      )}
    </>
  )
}

function choices(view: NotificationsView) {
  const { preferences } = view
  return (
    <section aria-labelledby="choices-heading">
      <h2 id="choices-heading">What reaches you</h2>
      <form method="post" action="/admin/notifications" className="stack narrow" data-submit-once="">
        <fieldset>
          <legend>Tell me of</legend>
          {checkbox('newLeads', 'Every new lead (never spam)', preferences.newLeads)}
          {checkbox('assigned', 'Leads a colleague assigns to me', preferences.assigned)}
          {checkbox('followUps', 'My follow-ups when they are due', preferences.followUps)}
        </fieldset>
        {checkbox(
          'quietHours',
          'Quiet outside office hours',
          preferences.quietHours,
          `Outside ${officeHours()} (${agency.timeZone.replace('_', ' ')} time), notifications wait and arrive when the office opens.`,
        )}
        <button type="submit">Save</button>
      </form>
      <p className="muted">
        A notification shows the lead's reference, its form and the visitor's first name; the rest is on the
        desk.
      </p>
    </section>
  )
}

function browserList(view: NotificationsView) {
  return (
    <section aria-labelledby="browsers-heading">
      <h2 id="browsers-heading">Your browsers</h2>
      {view.browsers.length === 0 ? (
        <p>No browser receives your notifications yet.</p>
      ) : (
        <ul>
          {view.browsers.map((browser) => (
            <li key={browser.id}>
              <span>
                Through {browser.service}, since {formatDateTime(browser.createdAt)}
              </span>
              <form
                method="post"
                action={`/admin/notifications/browsers/${browser.id}/remove`}
                className="inline-form"
              >
                <button type="submit" className="button-secondary">
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function notificationsPage(view: NotificationsView): string {
  return staffPage({
    title: 'Phone notifications',
    staffEmail: view.staff.email,
    staffName: view.staff.displayName,
    owner: view.staff.role === 'owner',
    current: 'notifications',
    body: (
      <>
        <h1>Phone notifications</h1>
        {noticeBanner(view.notice)}
        {thisBrowser(view)}
        {choices(view)}
        {browserList(view)}
        <script src="/admin/assets/push.js" defer></script>
      </>
    ),
  })
}
