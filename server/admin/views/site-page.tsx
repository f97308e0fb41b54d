/**
 * The site settings page (/admin/site, owners only): the agency's facts, office hours, closed days,
 * a notice on every page, testimonials, carriers, the brand colour and each page's search title
 * and description, edited as a draft; previews of the draft; Publish; and every published version
 * with Restore. Each section is its own form: saving one keeps the others' draft.
 */

import { Fragment, type ReactNode } from 'react'
import { publicPaths } from '#app/site/route-table.ts'
import { type DayCode, dayCodes, englishDayNames } from '#config/agency-facts.ts'
import { imageLimits, maxUploadBytes, type SiteImage } from '#config/site-images.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import type { SettingsProblem } from '#server/site/settings-schema.ts'
import type { PublishedVersion, SettingsDraft } from '#server/site/site-settings.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, ownerPage } from './admin-layout.tsx'

export const sitePath = '/admin/site'

export interface SitePageContents {
  draft: SettingsDraft
  published: PublishedVersion | undefined
  history: PublishedVersion[]
  /** The draft differs from what is published. */
  changed: boolean
}

function field(
  label: string,
  name: string,
  value: string | number | null | undefined,
  extra: { type?: string; hint?: string; maxLength?: number } = {},
): ReactNode {
  const id = `site-${name.replace(/[^a-z0-9]+/gi, '-')}`
  return (
    <p className="field">
      <label htmlFor={id}>{label}</label>
      {extra.hint && (
        <span className="hint" id={`${id}-hint`}>
          {extra.hint}
        </span>
      )}
      <input
        id={id}
        name={name}
        type={extra.type ?? 'text'}
        defaultValue={value ?? ''}
        maxLength={extra.maxLength}
        aria-describedby={extra.hint ? `${id}-hint` : undefined}
      />
    </p>
  )
}

function section(name: string, heading: string, body: ReactNode, problems: SettingsProblem[]): ReactNode {
  return (
    <section aria-labelledby={`site-${name}-heading`} className="site-section">
      <h2 id={`site-${name}-heading`}>{heading}</h2>
      {problems.length > 0 && (
        <div className="error-banner" role="alert">
          <p>This section was not saved:</p>
          <ul>
            {problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems listed once per page, in the order found
              <li key={index}>
                <code>{problem.path}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" action={sitePath} data-submit-once="">
        <input type="hidden" name="section" value={name} />
        {body}
        <button type="submit">Save to the draft</button>
      </form>
    </section>
  )
}

function hoursOf(settings: SiteSettings, day: DayCode): { opens: string; closes: string } {
  const slot = settings.agency.hours.find((line) => line.days.includes(day))
  return { opens: slot?.opens ?? '', closes: slot?.closes ?? '' }
}

/** The closed days as the textarea holds them: one per line, `from | to | English | Spanish`. */
function closedDaysText(settings: SiteSettings): string {
  return settings.closedDays.map((c) => [c.from, c.to, c.label.en, c.label.es].join(' | ')).join('\n')
}

function factsSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const a = settings.agency
  return section(
    'facts',
    'The agency',
    <>
      {field('Name', 'name', a.name)} {field('Short name', 'shortName', a.shortName)}
      {field('Owner', 'ownerName', a.owner.name)}
      {field('Owner’s title (English)', 'ownerTitleEn', a.owner.title.en)}
      {field('Owner’s title (Spanish)', 'ownerTitleEs', a.owner.title.es)}
      {field('Phone', 'phone', a.phone, { type: 'tel', hint: '10 digits, e.g. (555) 555-0100' })}
      {field('Fax', 'fax', a.fax, { type: 'tel' })} {field('E-mail', 'email', a.email, { type: 'email' })}
      {field('Street', 'street', a.address.street)} {field('City', 'city', a.address.city)}
      {field('State code', 'region', a.address.region, { hint: 'Two letters, e.g. GA' })}
      {field('State name (English)', 'regionNameEn', a.address.regionName.en)}
      {field('State name (Spanish)', 'regionNameEs', a.address.regionName.es)}
      {field('ZIP code', 'postalCode', a.address.postalCode)}
      {field('The state’s people (English)', 'peopleEn', a.people.en, { hint: 'e.g. Georgians' })}
      {field('The state’s people (Spanish)', 'peopleEs', a.people.es, { hint: 'e.g. los georgianos' })}
      {field('Licence', 'licenseNumber', a.licenseNumber)}
      {field('Website address', 'siteUrl', a.siteUrl, { type: 'url' })}
      {field('Facebook', 'facebook', a.social.facebook, { type: 'url' })}
      {field('Instagram', 'instagram', a.social.instagram, { type: 'url' })}
      {field('YouTube', 'youtube', a.social.youtube, { type: 'url' })}
      {field('Map (embed address)', 'mapEmbedUrl', a.mapEmbedUrl, { type: 'url' })}
      {field('Map (link)', 'mapLinkUrl', a.mapLinkUrl, { type: 'url' })}
      {field('Auto rater', 'autoQuoteUrl', a.thirdParty.autoQuoteUrl, {
        type: 'url',
        hint: 'Empty: the site’s own quote request',
      })}
      {field('Home rater', 'homeQuoteUrl', a.thirdParty.homeQuoteUrl, {
        type: 'url',
        hint: 'Empty: the site’s own quote request',
      })}
      {field('Client portal', 'clientPortalUrl', a.thirdParty.clientPortalUrl, { type: 'url' })}
      <fieldset>
        <legend>Office hours (empty: closed that day)</legend>
        {dayCodes.map((day) => {
          const hours = hoursOf(settings, day)
          return (
            <p className="field hours-row" key={day}>
              <span>{englishDayNames[day]}</span>
              <label>
                Opens <input name={`opens-${day}`} type="time" defaultValue={hours.opens} />
              </label>
              <label>
                Closes <input name={`closes-${day}`} type="time" defaultValue={hours.closes} />
              </label>
            </p>
          )
        })}
      </fieldset>
    </>,
    problems,
  )
}

function closedSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  return section(
    'closed',
    'Closed days',
    <p className="field">
      <label htmlFor="site-closed">
        One day or a run of days per line: first day | last day | label in English | label in Spanish
      </label>
      <span className="hint" id="site-closed-hint">
        e.g. 2026-11-26 | 2026-11-27 | Thanksgiving | Día de Acción de Gracias. Leads that arrive on a closed
        day are not overdue until the next open hour, and visitors are promised a call then.
      </span>
      <textarea
        id="site-closed"
        name="closedDays"
        rows={5}
        aria-describedby="site-closed-hint"
        defaultValue={closedDaysText(settings)}
      ></textarea>
    </p>,
    problems,
  )
}

function noticeSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const notice = settings.notice
  return section(
    'notice',
    'Notice on every page',
    <>
      <p className="hint">
        One short line at the top of every page for the days you choose, e.g. holiday hours. Empty text: no
        notice.
      </p>
      {field('Notice (English)', 'noticeEn', notice?.text.en, { maxLength: 120 })}
      {field('Notice (Spanish)', 'noticeEs', notice?.text.es, { maxLength: 120 })}
      {field('First day shown', 'noticeFrom', notice?.from, { type: 'date' })}
      {field('Last day shown', 'noticeUntil', notice?.until, { type: 'date' })}
    </>,
    problems,
  )
}

function testimonialsSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const rows = [...settings.testimonials, { name: '', quote: '', lang: 'en' as const, hidden: false }]
  return section(
    'testimonials',
    'Testimonials',
    <>
      <p className="hint">
        Shown in this order (change the numbers to reorder). Fill the last, empty one to add a testimonial;
        empty a quote to remove it.
      </p>
      {rows.map((t, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one form, rendered once and never reordered; the index is the row's number in the form
        <fieldset key={index} className="site-row">
          <legend>{t.quote ? `Testimonial ${index + 1}` : 'A new testimonial'}</legend>
          {field('Order', `t${index}-order`, index + 1, { type: 'number' })}
          {field('Name (first name and initial)', `t${index}-name`, t.name)}
          <p className="field">
            <label htmlFor={`site-t${index}-quote`}>Quote</label>
            <textarea
              id={`site-t${index}-quote`}
              name={`t${index}-quote`}
              rows={3}
              defaultValue={t.quote}
            ></textarea>
          </p>
          <p className="field">
            <label htmlFor={`site-t${index}-lang`}>Written in</label>
            <select id={`site-t${index}-lang`} name={`t${index}-lang`} defaultValue={t.lang}>
              <option value="en">English</option>
              <option value="es">Spanish</option>
            </select>
          </p>
          <p className="field">
            <label>
              <input
                type="checkbox"
                name={`t${index}-hidden`}
                value="yes"
                defaultChecked={t.hidden === true}
              />{' '}
              Hidden (kept here, not shown)
            </label>
          </p>
        </fieldset>
      ))}
    </>,
    problems,
  )
}

function carriersSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const rows = [...settings.carriers, { name: '', url: '', featured: false, shortName: '' }]
  return section(
    'carriers',
    'Carriers',
    <>
      <p className="hint">
        Shown as text wordmarks, in this order. Up to six are featured on the home page. Fill the last, empty
        row to add one; empty a name to remove it.
      </p>
      <div className="table-scroll">
        <table className="staff-table">
          <caption>Carriers</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Name</th>
              <th scope="col">Short name</th>
              <th scope="col">Web site</th>
              <th scope="col">Home page</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one form, rendered once and never reordered; the index is the row's number in the form
              <tr key={index}>
                <td>
                  <input
                    aria-label={`Order of carrier ${index + 1}`}
                    name={`c${index}-order`}
                    type="number"
                    defaultValue={index + 1}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Name of carrier ${index + 1}`}
                    name={`c${index}-name`}
                    defaultValue={c.name}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Short name of carrier ${index + 1}`}
                    name={`c${index}-shortName`}
                    defaultValue={c.shortName ?? ''}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Web site of carrier ${index + 1}`}
                    name={`c${index}-url`}
                    type="url"
                    defaultValue={c.url}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Feature carrier ${index + 1} on the home page`}
                    name={`c${index}-featured`}
                    type="checkbox"
                    value="yes"
                    defaultChecked={c.featured === true}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>,
    problems,
  )
}

function peopleSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const blank = {
    name: '',
    title: { en: '', es: '' },
    bio: { en: '', es: '' },
    photo: null,
    owner: false,
    hidden: false,
  }
  const rows = [...settings.team, blank]
  return section(
    'team',
    'The owner and the team',
    <>
      <p className="hint">
        The owner’s name and title are the ones in the agency’s details; a bio written here replaces the
        owner’s paragraphs on the home and about pages (empty: the page’s own). The others are listed on the
        about page in this order, unless hidden. Fill the last, empty row to add someone; empty a name to
        remove them. Photos are uploaded below.
      </p>
      {rows.map((member, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one form, rendered once and never reordered; the index is the row's number in the form
        <fieldset key={index} className="site-row">
          <legend>{member.owner ? `${member.name} (owner)` : member.name || 'Someone new'}</legend>
          {field('Order', `p${index}-order`, index + 1, { type: 'number' })}
          {field('Name', `p${index}-name`, member.name, { maxLength: 100 })}
          {field('Title (English)', `p${index}-titleEn`, member.title.en, { maxLength: 100 })}
          {field('Title (Spanish)', `p${index}-titleEs`, member.title.es, { maxLength: 100 })}
          <p className="field">
            <label htmlFor={`site-p${index}-bioEn`}>Short bio (English)</label>
            <textarea
              id={`site-p${index}-bioEn`}
              name={`p${index}-bioEn`}
              rows={3}
              maxLength={800}
              defaultValue={member.bio.en}
            ></textarea>
          </p>
          <p className="field">
            <label htmlFor={`site-p${index}-bioEs`}>Short bio (Spanish)</label>
            <textarea
              id={`site-p${index}-bioEs`}
              name={`p${index}-bioEs`}
              rows={3}
              maxLength={800}
              defaultValue={member.bio.es}
            ></textarea>
          </p>
          {!member.owner && (
            <p className="field field--inline">
              <input
                id={`site-p${index}-hidden`}
                name={`p${index}-hidden`}
                type="checkbox"
                value="yes"
                defaultChecked={member.hidden === true}
              />
              <label htmlFor={`site-p${index}-hidden`}>Hidden from the about page</label>
            </p>
          )}
          <p className="hint">
            {member.photo ? `Photo: ${member.photo.width} × ${member.photo.height} pixels.` : 'No photo.'}
          </p>
        </fieldset>
      ))}
    </>,
    problems,
  )
}

/** Where an image goes, as the upload form's `target` names it. */
function imageTargets(
  settings: SiteSettings,
): { target: string; label: string; image: SiteImage | null | undefined }[] {
  return [
    { target: 'logo', label: 'The logo (header)', image: settings.logo },
    { target: 'favicon', label: 'The favicon (browser tab)', image: settings.favicon },
    ...settings.team.map((member, index) => ({
      target: `team:${index}`,
      label: `Photo of ${member.name}`,
      image: member.photo,
    })),
    ...settings.carriers.map((carrier, index) => ({
      target: `carrier:${index}`,
      label: `Logo of ${carrier.name}`,
      image: carrier.logo,
    })),
  ]
}

function imagesSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  const targets = imageTargets(settings)
  const limit = (kind: keyof typeof imageLimits) =>
    `${imageLimits[kind].minWidth} × ${imageLimits[kind].minHeight}`
  return (
    <section aria-labelledby="site-images-heading" className="site-section">
      <h2 id="site-images-heading">Logo, favicon, photos and carriers’ logos</h2>
      {problems.length > 0 && (
        <div className="error-banner" role="alert">
          <p>The image was not uploaded:</p>
          <ul>
            {problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems listed once per page, in the order found
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="hint">
        PNG, JPEG, WebP or AVIF, at most {maxUploadBytes / 1024 / 1024} MB (SVG is not accepted). At least{' '}
        {limit('logo')} pixels for the logo, {limit('favicon')} and square for the favicon, {limit('photo')}{' '}
        for a photo, {limit('carrier')} for a carrier’s logo. Location and camera details are removed. The
        image joins the draft: visitors see it once you publish.
      </p>
      <ul>
        {targets
          .filter(({ image }) => image)
          .map(({ target, label, image }) => (
            <li key={target}>
              {label}: {image?.width} × {image?.height} pixels{image?.alt.en ? `, “${image.alt.en}”` : ''}
              <form method="post" action={`${sitePath}/images/remove`} className="inline-form">
                <input type="hidden" name="target" value={target} />
                <button type="submit" className="button-secondary">
                  Remove {label.toLowerCase()}
                </button>
              </form>
            </li>
          ))}
      </ul>
      <form method="post" action={`${sitePath}/uploads`} encType="multipart/form-data" data-submit-once="">
        <p className="field">
          <label htmlFor="site-upload-target">Where it goes</label>
          <select id="site-upload-target" name="target">
            {targets.map(({ target, label }) => (
              <option key={target} value={target}>
                {label}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="site-upload-image">Image file</label>
          <input
            id="site-upload-image"
            name="image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif"
            required
          />
        </p>
        {field('What it shows (English)', 'altEn', '', {
          maxLength: 200,
          hint: 'For people who cannot see it. Empty: the name it stands for.',
        })}
        {field('What it shows (Spanish)', 'altEs', '', { maxLength: 200 })}
        <button type="submit">Upload to the draft</button>
      </form>
    </section>
  )
}

function brandSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  return section(
    'brand',
    'Brand colour',
    field('Colour of the header, buttons and links', 'brandColour', settings.brandColour, {
      hint: 'As #rrggbb. It must be dark enough for white text (contrast at least 4.5:1).',
    }),
    problems,
  )
}

function pageMetaSection(settings: SiteSettings, problems: SettingsProblem[]): ReactNode {
  return section(
    'pages',
    'What search engines show',
    <details>
      <summary>Each page’s title and description (empty: the page’s own)</summary>
      {publicPaths('en').map((page) => {
        const meta = settings.pageMeta[page] ?? {}
        return (
          <fieldset key={page} className="site-row">
            <legend>{page}</legend>
            {field('Title (English)', `m${page}|en|title`, meta.en?.title, { maxLength: 70 })}
            {field('Description (English)', `m${page}|en|description`, meta.en?.description, {
              maxLength: 170,
            })}
            {field('Title (Spanish)', `m${page}|es|title`, meta.es?.title, { maxLength: 70 })}
            {field('Description (Spanish)', `m${page}|es|description`, meta.es?.description, {
              maxLength: 170,
            })}
          </fieldset>
        )
      })}
    </details>,
    problems,
  )
}

function historyList(history: PublishedVersion[]): ReactNode {
  if (history.length === 0)
    return <p>Nothing has been published yet: the site shows the settings it was installed with.</p>
  return (
    <ol className="site-history" reversed>
      {history.map((version, index) => (
        <li key={version.version}>
          Version {version.version}, published by {version.publishedBy} on{' '}
          <time dateTime={version.publishedAt.toISOString()}>{formatDateTime(version.publishedAt)}</time>
          {version.restoredFrom !== null && ` (version ${version.restoredFrom} again)`}
          {index === 0 ? (
            <>
              {' '}
              <strong>(on the site now)</strong>
            </>
          ) : (
            <form
              method="post"
              action={`${sitePath}/versions/${version.version}/restore`}
              className="inline-form"
            >
              <button type="submit" className="button-secondary">
                Restore version {version.version}
              </button>
            </form>
          )}
        </li>
      ))}
    </ol>
  )
}

const previews = ['/', '/contact', '/about', '/about/testimonials', '/insurance-carriers']

export function sitePage(
  owner: StaffSession,
  contents: SitePageContents,
  extra: {
    notice?: string
    error?: string
    problems?: { section: string; problems: SettingsProblem[] }
  } = {},
): string {
  const { draft, published, history, changed } = contents
  const problemsOf = (name: string) => (extra.problems?.section === name ? extra.problems.problems : [])
  const settings = draft.settings
  return ownerPage(
    'site',
    owner,
    'Site settings',
    <>
      <h1>Site settings</h1>
      {noticeBanner(extra.notice)} {errorBanner(extra.error)}
      <section aria-labelledby="site-status-heading">
        <h2 id="site-status-heading">Draft and publishing</h2>
        <p>
          {published
            ? `On the site now: version ${published.version}, published by ${published.publishedBy} on ${formatDateTime(published.publishedAt)}.`
            : 'On the site now: the settings it was installed with.'}{' '}
          {changed
            ? `The draft has changes${draft.updatedBy ? ` (last saved by ${draft.updatedBy})` : ''} that visitors do not see yet.`
            : 'The draft is the same as the site.'}
        </p>
        <p>
          Preview the draft as visitors will see it:{' '}
          {previews.map((page, index) => (
            <Fragment key={page}>
              {index > 0 && ', '}
              <a href={`${sitePath}/preview?path=${encodeURIComponent(page)}`}>{page}</a>(
              <a
                href={`${sitePath}/preview?path=${encodeURIComponent(page === '/' ? '/es' : `/es${page}`)}`}
                lang="es"
              >
                español
              </a>
              )
            </Fragment>
          ))}
        </p>
        <div className="account-actions">
          <form method="post" action={`${sitePath}/publish`} data-submit-once="">
            <button type="submit" disabled={!changed}>
              Publish the draft
            </button>
          </form>
          <form method="post" action={`${sitePath}/discard`}>
            <button type="submit" className="button-secondary" disabled={!changed}>
              Throw the draft away
            </button>
          </form>
        </div>
      </section>
      {factsSection(settings, problemsOf('facts'))} {closedSection(settings, problemsOf('closed'))}
      {noticeSection(settings, problemsOf('notice'))}{' '}
      {testimonialsSection(settings, problemsOf('testimonials'))}
      {carriersSection(settings, problemsOf('carriers'))} {peopleSection(settings, problemsOf('team'))}
      {imagesSection(settings, problemsOf('images'))} {brandSection(settings, problemsOf('brand'))}
      {pageMetaSection(settings, problemsOf('pages'))}
      <section aria-labelledby="site-history-heading">
        <h2 id="site-history-heading">Published versions</h2>
        {historyList(history)}
      </section>
    </>,
  )
}
