/**
 * What a valid set of site settings is (config/site-settings.ts), as one zod schema: the desk's
 * form and PATCH /api/admin/site both go through it, and nothing is stored as a draft or published
 * that it refuses. Each refusal names the setting and says what is wrong in plain words.
 */
import { z } from 'zod'
import { dayCodes } from '#config/agency-facts.ts'
import { type ImageKind, imageKinds } from '#config/site-images.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import { contrastWithWhite, minimumContrast } from './brand-colour.ts'

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Write something here.')
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value), {
      message: 'Use plain text on one line.',
    })

const optionalLine = (max: number) => z.union([z.literal(''), line(max)])

const bothLanguages = (max: number) => z.object({ en: line(max), es: line(max) }).strict()

const tenDigits = z
  .string()
  .transform((value) => value.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine((digits) => /^[2-9]\d{9}$/.test(digits), 'Write a US number of 10 digits, e.g. (555) 555-0100.')

const httpsUrl = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters.')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:'
    } catch {
      return false
    }
  }, 'Write a full https:// address.')

const email = z.string().trim().max(254).email('Write an e-mail address, e.g. office@agency.com.')

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write a time as HH:MM, e.g. 09:00.')

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write a date as YYYY-MM-DD.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value)
  }, 'That date does not exist.')

const hours = z
  .object({
    days: z.array(z.enum(dayCodes as [string, ...string[]])).min(1, 'Choose at least one day.'),
    opens: time.nullable(),
    closes: time.nullable(),
  })
  .strict()
  .refine((slot) => (slot.opens === null) === (slot.closes === null), {
    message: 'Give both an opening and a closing time, or neither (closed).',
  })
  .refine((slot) => slot.opens === null || slot.closes === null || slot.opens < slot.closes, {
    message: 'The office must close after it opens.',
    path: ['closes'],
  })

/** A reference to an uploaded image of `kind` (the store checks that the upload exists). */
const imageOf = (kind: ImageKind) =>
  z
    .object({
      id: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, 'Not an uploaded image: upload it on the desk.'),
      digest: z.string().regex(/^[0-9a-f]{64}$/, 'Not an uploaded image: upload it on the desk.'),
      kind: z.enum(imageKinds as [ImageKind, ...ImageKind[]]),
      width: z.number().int().min(1).max(10000),
      height: z.number().int().min(1).max(10000),
      alt: z
        .object({ en: z.union([z.literal(''), line(200)]), es: z.union([z.literal(''), line(200)]) })
        .strict(),
    })
    .strict()
    .refine((image) => image.kind === kind, { message: `This image was not uploaded as a ${kind}.` })

const teamMember = z
  .object({
    name: line(100),
    title: bothLanguages(100),
    bio: z
      .object({
        en: z.union([z.literal(''), z.string().trim().max(800, 'Use at most 800 characters.')]),
        es: z.union([z.literal(''), z.string().trim().max(800, 'Use at most 800 characters.')]),
      })
      .strict(),
    photo: imageOf('photo').nullable(),
    owner: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .strict()

const agencySchema = z
  .object({
    name: line(100),
    shortName: line(60),
    owner: z.object({ name: line(100), title: bothLanguages(100) }).strict(),
    phone: tenDigits,
    fax: tenDigits,
    email,
    siteUrl: httpsUrl,
    address: z
      .object({
        street: line(120),
        city: line(60),
        region: z.string().regex(/^[A-Z]{2}$/, 'Write the state’s two-letter code, e.g. GA.'),
        regionName: bothLanguages(40),
        postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, 'Write a ZIP code of 5 digits.'),
        country: z.literal('US'),
      })
      .strict(),
    people: bothLanguages(40),
    hours: z
      .array(hours)
      .min(1)
      .refine(
        (week) =>
          new Set(week.flatMap((slot) => slot.days)).size === week.flatMap((slot) => slot.days).length,
        'A day appears in two lines of hours.',
      ),
    licenseNumber: line(100),
    areaServed: z.array(line(60)).min(1).max(10),
    timeZone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone })
        return true
      } catch {
        return false
      }
    }, 'Use a time zone name such as America/New_York.'),
    languages: z.tuple([z.literal('en'), z.literal('es')]),
    social: z.object({ facebook: httpsUrl, instagram: httpsUrl, youtube: httpsUrl }).strict(),
    mapEmbedUrl: httpsUrl,
    mapLinkUrl: httpsUrl,
    thirdParty: z
      .object({
        autoQuoteUrl: httpsUrl.nullable(),
        homeQuoteUrl: httpsUrl.nullable(),
        clientPortalUrl: httpsUrl,
      })
      .strict(),
    developerCredit: z.object({ name: line(100), url: httpsUrl }).strict(),
    foundedYear: z.number().int().min(1800).max(2100),
  })
  .strict()

const siteSettingsSchema = z
  .object({
    agency: agencySchema,
    closedDays: z
      .array(
        z
          .object({ from: date, to: date, label: bothLanguages(80) })
          .strict()
          .refine((closed) => closed.from <= closed.to, {
            message: 'The last day closed cannot come before the first.',
            path: ['to'],
          }),
      )
      .max(60),
    notice: z
      .object({ text: bothLanguages(120), from: date, until: date })
      .strict()
      .refine((notice) => notice.from <= notice.until, {
        message: 'The notice cannot end before it starts.',
        path: ['until'],
      })
      .nullable(),
    testimonials: z
      .array(
        z
          .object({
            quote: z.string().trim().min(1, 'Write the quote.').max(1000, 'Use at most 1000 characters.'),
            name: line(60),
            lang: z.enum(['en', 'es']),
            hidden: z.boolean().optional(),
          })
          .strict(),
      )
      .max(100),
    carriers: z
      .array(
        z
          .object({
            name: line(80),
            url: httpsUrl,
            shortName: line(40).optional(),
            customerServicePhone: tenDigits.optional(),
            featured: z.boolean().optional(),
            logo: imageOf('carrier').optional(),
          })
          .strict(),
      )
      .min(1, 'List at least one carrier.')
      .max(200)
      .refine((list) => list.filter((carrier) => carrier.featured).length <= 6, {
        message: 'Feature at most six carriers on the home page.',
      }),
    team: z
      .array(teamMember)
      .max(50)
      .refine((team) => team.filter((member) => member.owner).length <= 1, {
        message: 'Mark one person at most as the owner.',
      }),
    logo: imageOf('logo').nullable(),
    favicon: imageOf('favicon').nullable(),
    brandColour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Write a colour as #rrggbb, e.g. #14532d.')
      .transform((value) => value.toLowerCase())
      .refine((colour) => contrastWithWhite(colour) >= minimumContrast, {
        message: `White text on this colour is too faint to read (contrast below ${minimumContrast}:1): choose a darker colour.`,
      }),
    pageMeta: z.record(
      z.string().regex(/^\/[a-z0-9/-]*$/, 'A page path such as /contact.'),
      z
        .object({
          en: z
            .object({ title: optionalLine(70), description: optionalLine(170) })
            .partial()
            .strict(),
          es: z
            .object({ title: optionalLine(70), description: optionalLine(170) })
            .partial()
            .strict(),
        })
        .partial()
        .strict(),
    ),
  })
  .strict()

/** One refusal: where (a dotted path such as `agency.phone`) and why. */
export interface SettingsProblem {
  path: string
  message: string
}

export type SettingsCheck = { ok: true; settings: SiteSettings } | { ok: false; problems: SettingsProblem[] }

/** The settings as they will be stored, or every problem with them. */
export function checkSiteSettings(candidate: unknown): SettingsCheck {
  const parsed = siteSettingsSchema.safeParse(candidate)
  if (parsed.success) return { ok: true, settings: parsed.data as SiteSettings }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  }
}
