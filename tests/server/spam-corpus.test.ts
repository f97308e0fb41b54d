/**
 * The spam scoring against two seeded corpora, through the real API on both databases.
 *
 * Bots: what scripts send to small-business forms — direct posts without the browser's proof of
 * work, sub-second fills, link-laden SEO text, one body sent from many addresses, a solved proof
 * replayed under another spelling, and plain `curl -d` posts (no JavaScript, so no proof) carrying
 * links or spam words. At least 95 % must land in spam.
 *
 * People: requests as the agency's visitors write them — English and Spanish, names with accents,
 * the surname Seo, WhatsApp and Telegram given as the way to be reached, one listing link, fast
 * typists, drafts restored after a reload (the page keeps its first challenge, so the server sees
 * the first touch), with and without JavaScript. None may land in spam.
 *
 * Both rates are printed. The browser side (a real Chromium typing, and a restored draft sent at
 * once) is tests/e2e/spam.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { leadReferenceHeader } from '#server/leads/lead-reference.ts'
import { createMailTransport } from '#server/mail/mail-transport.ts'
import { contactPayload } from '#tests/kit/form-posts.ts'
import { SeededRandom } from './helpers/seeded-random.ts'
import { useSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const salt = 'spam-corpus-salt-0123456789'
const today = new Date()

/** The same seed, the same corpus. */
const random = new SeededRandom(0x5a4d_2026)
const pick = <T>(items: readonly T[]): T => random.pick(items)
const between = (low: number, high: number) => Math.floor(low + random.next() * (high - low))

/** Fills `{slot}`s with a random choice of that slot's words. */
function fill(template: string, slots: Record<string, readonly string[]>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => pick(slots[slot] ?? [slot]))
}

// ---------------------------------------------------------------------------------------------
// What people write

const firstNames = [
  'Ana',
  'José',
  'María',
  'Sofía',
  'Andrés',
  'Lucía',
  'Héctor',
  'Martín',
  'Inés',
  'Raúl',
  'Camila',
  'Joaquín',
  'Brian',
  'Carla',
  'Dmitri',
  'Elena',
  'Frank',
  'Gloria',
  'Irene',
  'Jamal',
  'Priya',
  'Tomás',
  'Zoë',
  'Chloé',
  'Renée',
  'Thảo',
  'Aisha',
  'Kwame',
  'Siobhán',
  'François',
  'Guadalupe',
  'Ximena',
  'Ángel',
  'Nicolás',
  'Mónica',
  'Dolores',
  'Tyrone',
  'Heather',
  'Wei',
  'Olumide',
] as const
const lastNames = [
  'Smith',
  'García',
  'Nguyen',
  'Okafor',
  'Petrov',
  'Rossi',
  'Walker',
  'Young',
  'Zamora',
  'Núñez',
  'Peña',
  'Muñoz',
  'Ibáñez',
  'Gutiérrez',
  'Hernández',
  'Rodríguez',
  "O'Connor",
  'García-López',
  'Castañeda',
  'Kim',
  'Park',
  'Lee',
  'Johnson',
  'Williams',
  'Brown',
  'Díaz',
  'Ramírez',
  'Álvarez',
  'Jiménez',
  'Ortiz',
  'Morales',
  'Reyes',
  'Cruz',
  'Thompson',
  'Mitchell',
  'Carter',
  'Bailey',
  'Chen',
] as const
const koreanFirstNames = [
  'Ji-woo',
  'Min-jun',
  'Seo-yeon',
  'Hyun-woo',
  'Soo-ah',
  'Dong-hyun',
  'Eun-ji',
  'Jae-sung',
  'Ha-eun',
  'Ye-jin',
  'Sung-min',
  'Da-eun',
  'Jun-ho',
  'Mi-rae',
  'Yuna',
  'Jisoo',
  'Minho',
  'Hana',
  'Daniel',
  'Grace',
  'Sarah',
  'Joon',
  'Kyung-soo',
  'Hye-jin',
  'Young-ho',
  'Chan-woo',
  'Bo-ra',
  'Jin',
  'Esther',
  'Paul',
]

const slots = {
  year: ['2011', '2014', '2016', '2018', '2019', '2021', '2023'],
  car: [
    'Honda Civic',
    'Toyota Camry',
    'Ford F-150',
    'Chevy Silverado',
    'Nissan Altima',
    'Jeep Wrangler',
    'Ford Escort',
    'Kia Sorento',
  ],
  carEs: [
    'camioneta Ford',
    'Toyota Corolla',
    'troca Chevy',
    'Honda Accord',
    'minivan Dodge',
    'Nissan Sentra',
  ],
  city: [
    'Bethlehem',
    'Winder',
    'Monroe',
    'Loganville',
    'Athens',
    'Lawrenceville',
    'Auburn',
    'Statham',
    'Dacula',
  ],
  time: ['after 5 pm', 'in the morning', 'on my lunch break', 'any time Saturday', 'before 9 am', 'after 6'],
  timeEs: [
    'después de las 5',
    'por la mañana',
    'a la hora del almuerzo',
    'el sábado',
    'después de las 6 de la tarde',
  ],
  when: ['next month', 'on the 15th', 'in two weeks', 'at the end of March', 'next Friday'],
  whenEs: ['el mes que viene', 'el día 15', 'en dos semanas', 'a fin de mes', 'el próximo viernes'],
  line: ['auto', 'homeowners', 'renters', 'motorcycle', 'boat', 'umbrella'],
  business: ['landscaping', 'cleaning', 'roofing', 'food truck', 'hair salon', 'handyman', 'painting'],
  businessEs: ['jardinería', 'limpieza', 'techos', 'comida', 'pintura', 'construcción'],
  relative: ['daughter', 'son', 'wife', 'husband', 'nephew', 'granddaughter'],
  relativeEs: ['hija', 'hijo', 'esposa', 'esposo', 'sobrino', 'nieta'],
  street: ['Oak-St', 'Maple-Dr', 'Jackson-Trl', 'Harbins-Rd', 'Dogwood-Ln', 'Pine-Ridge-Ct'],
  phone: ['770-555-0142', '(678) 555-0199', '404.555.0123', '+1 470 555 0177', '7705550188'],
  handle: ['mariag', 'jose_r', 'lupita88', 'andres.p', 'dmitri_v', 'camila_l'],
}

const englishRequests = [
  'I would like a quote for my {year} {car}. We just moved to {city}.',
  'Can someone call me about renters insurance for my apartment in {city}? Best time is {time}.',
  'My {line} policy renews {when} and the price went up a lot. Can you compare it with yours?',
  'Do you insure a small {business} business? It is me and two helpers.',
  'We are closing on a house in {city} {when} and the lender needs proof of homeowners insurance.',
  'I want to add my {relative} to my auto policy, they just got their license.',
  'Please send proof of insurance to my landlord before {when}. Thank you!',
  'I drive a {year} {car} and only need liability. What would that cost in {city}?',
  'Looking for life insurance for me and my {relative}. We both work in {city}.',
  'Our home is in a flood zone according to the new map. What are my options?',
  'I had a fender bender last year, will that change my {line} rate much?',
  'Can I bundle my {line} and auto? Please call {time}.',
]
const spanishRequests = [
  'Necesito un seguro para mi {carEs} {year}, por favor llámenme {timeEs}.',
  'Quisiera una cotización de seguro de casa en {city}. Compramos la casa {whenEs}.',
  'Mi póliza de auto vence {whenEs} y el precio subió mucho. ¿Me pueden dar otra opción?',
  'Tengo un pequeño negocio de {businessEs} y necesito seguro de responsabilidad civil.',
  'Quiero agregar a mi {relativeEs} a la póliza, acaba de sacar su licencia.',
  '¿Aseguran camionetas de trabajo? Tengo una {carEs} del {year}.',
  'Necesito prueba de seguro para el dueño del apartamento {whenEs}, por favor.',
  'Buenas tardes, ¿cuánto costaría asegurar una {carEs} en {city}? Gracias de antemano.',
  'Somos una familia de cinco y buscamos seguro de vida. Llámenme {timeEs}.',
  'Me mudé a {city} y necesito cambiar la dirección de mi póliza de {line}.',
]
/** WhatsApp and Telegram as the way to be reached, as families write it. */
const contactWays = {
  en: [
    'Call me on WhatsApp at {phone}, I am usually on a job site. Quote for my {year} {car} please.',
    'Text or WhatsApp me at {phone} {time}, I need renters insurance in {city}.',
    "I'm on Telegram as @{handle} if that is easier, my English is better in writing.",
    'WhatsApp is best for me ({phone}). Looking to insure my {line} before {when}.',
    'You can reach me on WhatsApp or Telegram, whichever you use. Moving to {city} {when}.',
  ],
  es: [
    'Mi WhatsApp es {phone}, prefiero mensajes porque trabajo de noche.',
    'Prefiero Telegram, mi usuario es @{handle}. Quiero cotizar seguro para mi {carEs}.',
    'Pueden escribirme por WhatsApp al {phone}, gracias. Es para seguro de casa en {city}.',
    'Mi esposo prefiere Telegram y yo WhatsApp, cualquiera de los dos está bien.',
    'Mándenme la cotización por WhatsApp ({phone}), no reviso mucho el correo.',
  ],
}
/** The Korean surname Seo, in names and in the message. */
const seoMessages = [
  'Please ask for Mr. Seo when you call, I run the dry cleaner on Main St in {city}.',
  'This is for my mother, Mrs. Seo. She needs renters insurance in {city}.',
  'Hi, Seo family here. We just bought a {year} {car} and want to bundle with our home.',
  'My husband is Dong-hyun Seo, please put him on the policy as a second driver.',
  'Soy la nuera de la señora Seo, necesitamos seguro para su casa en {city}.',
]
const listingLines = [
  'Here is the house we are buying: https://www.zillow.com/homedetails/{n}-{street}-{city}-GA-30620/{id}_zpid/',
  'The listing is www.realtor.com/realestateandhomes-detail/{n}-{street}_{city}_GA_30620_M{id}',
  'Esta es la casa que queremos comprar: https://www.zillow.com/homedetails/{n}-{street}-{city}-GA/{id}_zpid/',
  "My current carrier's quote is here https://www.carrier.example/quote/{id}, can you beat it?",
  'La casa está en venta aquí: https://www.redfin.com/GA/{city}/{n}-{street}-30620/home/{id}',
]
const shortNotes = {
  en: ['Please call me.', 'Quote for auto please.', 'Call me back {time}.', 'Need renters insurance.'],
  es: [
    'Llámenme por favor.',
    'Cotización de auto, por favor.',
    'Necesito seguro de casa.',
    'Llámenme {timeEs}.',
  ],
}

// ---------------------------------------------------------------------------------------------
// What bots write

const ordinary = englishRequests.map((template) => fill(template, slots))
const seoLines = [
  'We can rank your website on the first page of Google in 30 days.',
  'Cheap backlinks and guest posts for your insurance site.',
  'Boost your web traffic with our SEO packages.',
  'Earn with crypto and forex signals, click here.',
  'We do SEO for insurance agencies like yours.',
  'Join my Telegram channel for crypto signals, 300% a month.',
]
const spamSites = [
  'https://seo-boost.example',
  'http://links4you.example/offer',
  'www.cheap-traffic.example',
  'https://promo.example/?ref=ins',
  'https://t.me/cryptosignals',
]
const spamWords = [
  'casino',
  'bitcoin',
  'viagra',
  'cialis',
  'forex',
  'payday loans',
  'backlinks',
  'SEO services',
]

/** A spelling of a solved proof the page never writes (the old check decoded it to the same proof). */
type Respelling = 'upper' | 'junk' | 'extra-digit' | 'reordered-upper'

interface Submission {
  kind: string
  address: string
  /** `json`: the page's script (or a bot calling the API); `form`: posted without JavaScript. */
  encoding: 'json' | 'form'
  language: 'en' | 'es'
  payload: Record<string, string>
  /** JSON posts: none, a proof solved `startedMsAgo` after its challenge, or a replayed one re-spelled. */
  proof: 'none' | { startedMsAgo: number } | { respelled: Respelling }
}

const usedNames = new Set<string>()
/** A person's name not used before in the run: the repeated-text check compares whole bodies. */
function freshName(firsts: readonly string[] = firstNames, lasts: readonly string[] = lastNames) {
  for (let tries = 0; tries < 10_000; tries++) {
    const name = { first: pick(firsts), last: pick(lasts) }
    const key = `${name.first} ${name.last}`
    if (!usedNames.has(key)) {
      usedNames.add(key)
      return name
    }
  }
  throw new Error('the corpus needs more names than its lists hold')
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()

function corpusPayload(text: string, name = freshName()): Record<string, string> {
  const domain = pick(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'example.com'])
  return contactPayload(today, {
    firstName: name.first,
    lastName: name.last,
    email: `${ascii(name.first)}.${ascii(name.last)}@${domain}`,
    msg: text,
  })
}

let addressCounter = 0
const freshAddress = () =>
  `10.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}.${between(1, 250)}`

function person(
  kind: string,
  language: 'en' | 'es',
  text: string,
  { encoding = 'json', startedMsAgo = between(15_000, 600_000), name = freshName() } = {} as {
    encoding?: 'json' | 'form'
    startedMsAgo?: number
    name?: { first: string; last: string }
  },
): Submission {
  return {
    kind,
    address: freshAddress(),
    encoding,
    language,
    payload: corpusPayload(text, name),
    proof: encoding === 'form' ? 'none' : { startedMsAgo },
  }
}

function bot(
  kind: string,
  text: string,
  proof: Submission['proof'],
  encoding: 'json' | 'form' = 'json',
): Submission {
  return { kind, address: freshAddress(), encoding, language: 'en', payload: corpusPayload(text), proof }
}

function repeat<T>(count: number, make: (index: number) => T): T[] {
  return Array.from({ length: count }, (_, index) => make(index))
}

function botCorpus(): Submission[] {
  const withLinks = (count: number) => repeat(count, () => pick(spamSites)).join(' ')
  const respellings: Respelling[] = ['upper', 'junk', 'extra-digit', 'reordered-upper']
  return [
    // Direct posts to the API, as form-spamming scripts send them: no proof of work.
    ...repeat(80, () => bot('direct post without a proof', `${pick(ordinary)} ${between(100, 999)}`, 'none')),
    // Headless browsers that solve the challenge but fill and send at once.
    ...repeat(40, () =>
      bot('sub-second fill', `${pick(ordinary)} ref ${between(100, 999)}`, {
        startedMsAgo: between(80, 950),
      }),
    ),
    // SEO spam typed at a person's pace, proof solved: the text gives it away.
    ...repeat(60, () =>
      bot('link-laden SEO text', `${pick(seoLines)} ${withLinks(between(2, 5))}`, {
        startedMsAgo: between(20_000, 180_000),
      }),
    ),
    // One text, many addresses: 8 campaigns of 5 posts, each looking like a person's.
    ...repeat(8, (campaign) => {
      const payload = corpusPayload(`${pick(ordinary)} Campaign ${'abcdefgh'[campaign]}.`)
      return repeat(5, () => ({
        kind: 'repeated body',
        address: freshAddress(),
        encoding: 'json' as const,
        language: 'en' as const,
        payload,
        proof: { startedMsAgo: between(30_000, 90_000) },
      }))
    }).flat(),
    // One solved proof, sent again under another spelling (after its first use, made by `send`).
    ...repeat(20, (index) =>
      bot('proof replayed, re-spelled', `${pick(ordinary)} Again.`, {
        respelled: respellings[index % 4] ?? 'upper',
      }),
    ),
    // `curl -d`: the form posted without JavaScript, so without proof or fill time.
    ...repeat(15, () =>
      bot('no-JS post with one link', `${pick(ordinary)} ${pick(spamSites)}`, 'none', 'form'),
    ),
    ...repeat(15, () =>
      bot('no-JS post with a spam word', `${pick(ordinary)} ${pick(spamWords)}`, 'none', 'form'),
    ),
    ...repeat(10, () =>
      bot(
        'no-JS "We do SEO… https://…"',
        `We do SEO for your site, first page guaranteed. ${pick(spamSites)}`,
        'none',
        'form',
      ),
    ),
    ...repeat(10, () => bot('no-JS post with five links', `Great offers: ${withLinks(5)}`, 'none', 'form')),
    ...repeat(10, () => bot('no-JS "casino bitcoin viagra"', 'casino bitcoin viagra', 'none', 'form')),
  ]
}

function peopleCorpus(): Submission[] {
  const english = () => fill(pick(englishRequests), slots)
  const spanish = () => fill(pick(spanishRequests), slots)
  const listing = () =>
    fill(pick(listingLines), { ...slots, n: [String(between(100, 9999))], id: [String(between(1e6, 9e7))] })
  const language = (index: number) => (index % 2 === 0 ? 'en' : 'es') as 'en' | 'es'
  const seoName = () => freshName(koreanFirstNames, ['Seo'])
  return [
    ...repeat(45, () => person('English request', 'en', english())),
    ...repeat(40, () => person('Spanish request, accented name', 'es', spanish())),
    ...repeat(20, (i) => person('one listing link', language(i), listing())),
    // Autofilled name and e-mail, a short note: seconds, not minutes (never under the 2 s floor).
    ...repeat(12, (i) =>
      person('fast typist', language(i), fill(pick(shortNotes[language(i)]), slots), {
        startedMsAgo: between(2_300, 9_000),
      }),
    ),
    // A pasted link, sent quickly: one link and a quick fill together stay under the threshold.
    ...repeat(8, (i) =>
      person('fast typist with a listing link', language(i), listing(), {
        startedMsAgo: between(2_500, 9_000),
      }),
    ),
    ...repeat(10, (i) =>
      person(
        'listing link, reached on WhatsApp or Telegram',
        language(i),
        `${listing()} ${fill(pick(contactWays[language(i)]), slots)}`,
      ),
    ),
    ...repeat(6, (i) =>
      person(
        'surname Seo with a listing link',
        language(i),
        `${fill(pick(seoMessages), slots)} ${listing()}`,
        {
          name: seoName(),
        },
      ),
    ),
    // Restored after a reload and sent at once: the page kept its first challenge, so the server
    // measures from the first touch, minutes or hours before.
    ...repeat(20, (i) =>
      person('restored draft', language(i), i % 2 ? spanish() : english(), {
        startedMsAgo: between(120_000, 20 * 3_600_000),
      }),
    ),
    ...repeat(16, (i) =>
      person('WhatsApp or Telegram to reach them', language(i), fill(pick(contactWays[language(i)]), slots)),
    ),
    ...repeat(10, () => person('surname Seo', 'en', fill(pick(seoMessages), slots), { name: seoName() })),
    ...repeat(20, () => person('no-JS English request', 'en', english(), { encoding: 'form' })),
    ...repeat(20, () => person('no-JS Spanish request', 'es', spanish(), { encoding: 'form' })),
    ...repeat(10, (i) =>
      person('no-JS WhatsApp or Telegram', language(i), fill(pick(contactWays[language(i)]), slots), {
        encoding: 'form',
      }),
    ),
    ...repeat(6, () =>
      person('no-JS surname Seo', 'en', fill(pick(seoMessages), slots), {
        encoding: 'form',
        name: seoName(),
      }),
    ),
  ]
}

/** The page's proof under a spelling it never writes. */
function respell(header: string, how: Respelling): string {
  const payload = JSON.parse(Buffer.from(header, 'base64').toString()) as Record<string, string | number>
  const signature = String(payload.signature)
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64')
  switch (how) {
    case 'upper':
      return encode({ ...payload, signature: signature.toUpperCase() })
    case 'junk':
      return encode({ ...payload, signature: `${signature}zz` })
    case 'extra-digit':
      return encode({ ...payload, signature: `${signature}0` })
    case 'reordered-upper': {
      const { algorithm, ...rest } = payload
      return encode({ ...rest, signature: signature.toUpperCase(), algorithm })
    }
  }
}

describe.each(featureDrivers)('spam corpus on %s', (driver) => {
  const t = useTestApp(driver, { ipHashSalt: salt, now: () => today })
  const sink = useSmtpSink()

  /** Posts as a browser with or without the page's script; answers the stored lead's reference. */
  async function post(submission: Submission, proofHeader?: string): Promise<string> {
    const json = submission.encoding === 'json'
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/contact-message${json || submission.language === 'en' ? '' : '?lang=es'}`,
      remoteAddress: submission.address,
      headers: json
        ? {
            'content-type': 'application/json',
            'content-language': submission.language,
            'idempotency-key': `corpus-${driver}-${Math.floor(random.next() * 2 ** 48).toString(36)}`,
            ...(proofHeader ? { 'x-proof-of-work': proofHeader } : {}),
          }
        : { 'content-type': 'application/x-www-form-urlencoded' },
      payload: json ? JSON.stringify(submission.payload) : new URLSearchParams(submission.payload).toString(),
    })
    expect(response.statusCode, response.body).toBe(json ? 200 : 303)
    const reference = response.headers[leadReferenceHeader.toLowerCase()]
    if (typeof reference !== 'string') throw new Error('an accepted submission has no reference')
    return reference
  }

  /** The proof the submission carries; a replay's proof is first used once, as the bot that solved it. */
  async function proofFor(submission: Submission): Promise<string | undefined> {
    const { proof } = submission
    if (proof === 'none') return undefined
    if ('startedMsAgo' in proof) return solvedProof(salt, { now: today, ...proof })
    const header = await solvedProof(salt, { now: today, startedMsAgo: 60_000 })
    await post({ ...submission, payload: corpusPayload(`${pick(ordinary)} First use.`) }, header)
    return respell(header, proof.respelled)
  }

  /** Sends it; answers whether it was judged spam, checking a spam lead gets no delivery job. */
  async function send(submission: Submission): Promise<boolean> {
    const reference = await post(submission, await proofFor(submission))
    const [row] = await t.db.query<{ is_spam: boolean; jobs: number }>(
      `SELECT is_spam, (SELECT count(*)::int FROM delivery_jobs WHERE lead_id = leads.id) AS jobs
       FROM leads WHERE reference = $1`,
      [reference],
    )
    if (!row) throw new Error('an accepted submission was not stored')
    expect({ kind: submission.kind, jobs: row.jobs }).toEqual({
      kind: submission.kind,
      jobs: row.is_spam ? 0 : 1,
    })
    return row.is_spam
  }

  async function tally(corpus: Submission[]) {
    const byKind = new Map<string, { spam: number; total: number; reasons: string[] }>()
    for (const submission of corpus) {
      const spam = await send(submission)
      const entry = byKind.get(submission.kind) ?? { spam: 0, total: 0, reasons: [] }
      entry.spam += spam ? 1 : 0
      entry.total += 1
      byKind.set(submission.kind, entry)
    }
    const spam = [...byKind.values()].reduce((sum, entry) => sum + entry.spam, 0)
    const kinds = [...byKind].map(([kind, entry]) => `${kind} ${entry.spam}/${entry.total}`).join(', ')
    return { spam, kinds }
  }

  // First: the worker below delivers every due job, and the corpus leaves hundreds.
  it('a post without JavaScript with one link is spam with a plain reason and never mailed; a plain one is mailed', async () => {
    const linked = person(
      'no-JS with a link',
      'en',
      `${fill(pick(englishRequests), slots)} https://www.example.com/offer`,
      {
        encoding: 'form',
      },
    )
    const plain = person('no-JS plain', 'es', fill(pick(spanishRequests), slots), { encoding: 'form' })
    const references = [await post(linked), await post(plain)]
    const rows = await t.db.query<{
      id: string
      reference: string
      is_spam: boolean
      spam_reasons: string[]
    }>('SELECT id, reference, is_spam, spam_reasons FROM leads WHERE reference = ANY($1)', [references])
    const byReference = new Map(rows.map((row) => [row.reference, row]))
    const [linkedLead, plainLead] = references.map((reference) => byReference.get(reference))
    expect(linkedLead?.is_spam).toBe(true)
    expect(linkedLead?.spam_reasons).toContain(
      'Sent without JavaScript (so without the proof of work) and with a link or spam words in the text',
    )
    expect(plainLead?.is_spam).toBe(false)

    // The real delivery worker, sending to a real SMTP server: what reaches the agency's mailbox.
    const transport = createMailTransport({ smtpUrl: sink.url, mailDir: 'unused' })
    const worker = createDeliveryWorker({
      db: t.db,
      transport,
      getForm: getFormDefinition,
      log: t.app.log,
      settings: {
        from: 'website@agency.example',
        to: 'leads@agency.example',
        maxAttempts: 3,
        baseDelayMs: 100,
        maxDelayMs: 1000,
        leaseMs: 60_000,
      },
    })
    try {
      while ((await worker.runOnce()) > 0) {}
    } finally {
      transport.close()
    }
    const mailed = sink.byLeadId()
    expect(mailed.has(plainLead?.id ?? '')).toBe(true)
    expect(mailed.has(linkedLead?.id ?? '')).toBe(false)
  }, 60_000)

  it('puts at least 95 % of 300 bot-like submissions in spam, and none of 243 people’s requests', async () => {
    // Each database gets its own corpus; a name is unique within one (the repeat check sees one database).
    usedNames.clear()
    const bots = botCorpus()
    const people = peopleCorpus()
    const caught = await tally(bots)
    const wronged = await tally(people)
    const catchRate = (caught.spam / bots.length) * 100
    const falsePositiveRate = (wronged.spam / people.length) * 100
    console.log(
      `spam corpus (${driver}): caught ${caught.spam} of ${bots.length} bot-like submissions (${catchRate.toFixed(1)} %). By kind: ${caught.kinds}`,
    )
    console.log(
      `spam corpus (${driver}): false positives ${wronged.spam} of ${people.length} people's requests (${falsePositiveRate.toFixed(1)} %). By kind: ${wronged.kinds}`,
    )
    expect(bots.length).toBeGreaterThanOrEqual(300)
    expect(people.length).toBeGreaterThanOrEqual(200)
    expect(catchRate).toBeGreaterThanOrEqual(95)
    expect(wronged.spam, wronged.kinds).toBe(0)
  }, 300_000)
})
