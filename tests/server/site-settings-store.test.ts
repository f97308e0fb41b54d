/**
 * The site settings' draft under two owners at once (issue 44): two changes to different settings
 * saved at the same moment both stay in the draft, every time, on both databases; a change saved
 * while a publish runs is either published or still in the draft, never dropped.
 */
import { describe, expect, it } from 'vitest'
import { formatPhone } from '#config/agency.ts'
import {
  changeDraft,
  discardDraft,
  publishDraft,
  publishedVersion,
  readDraft,
} from '#server/site/site-settings.ts'
import { drivers, useTestDatabase } from './helpers/test-database.ts'

const rounds = 20

/** A valid brand colour of its own for each round (dark enough for white text). */
function colourFor(round: number): string {
  return `#0${(round % 10).toString()}2${(round % 7).toString()}3d`
}

describe.each(drivers)('the site settings draft on %s', (driver) => {
  const test = useTestDatabase(driver)

  it(`keeps both of two changes saved at once (${rounds} rounds)`, { timeout: 120_000 }, async () => {
    for (let round = 0; round < rounds; round++) {
      // half the rounds start with no draft row at all (the first save of a draft), half with one
      if (round % 2 === 0) await discardDraft(test.db)
      const phone = `503555${(1000 + round).toString()}`
      const colour = colourFor(round)
      const [first, second] = await Promise.all([
        changeDraft(test.db, 'ana@agency.example', { agency: { phone } }),
        changeDraft(test.db, 'ben@agency.example', { brandColour: colour }),
      ])
      expect(first.ok, `round ${round}`).toBe(true)
      expect(second.ok, `round ${round}`).toBe(true)
      const draft = await readDraft(test.db)
      expect(draft.settings.agency.phone, `round ${round}`).toBe(phone)
      expect(draft.settings.brandColour, `round ${round}`).toBe(colour)
    }
  })

  it('never drops a change saved while a publish runs', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 10; round++) {
      await changeDraft(test.db, 'ana@agency.example', { agency: { shortName: `Pine Valley ${round}` } })
      const phone = `706555${(2000 + round).toString()}`
      const [changed, published] = await Promise.all([
        changeDraft(test.db, 'ben@agency.example', { agency: { phone } }),
        publishDraft(test.db, 'ana@agency.example'),
      ])
      expect(changed.ok).toBe(true)
      expect(published.ok).toBe(true)
      const inForce = await publishedVersion(test.db)
      const draft = await readDraft(test.db)
      // the change went out with the publish, or waits in the draft for the next one
      expect(
        [inForce?.settings.agency.phone, draft.settings.agency.phone],
        `round ${round}: ${formatPhone(phone)}`,
      ).toContain(phone)
      expect(inForce?.settings.agency.shortName).toBe(`Pine Valley ${round}`)
      if (draft.settings.agency.phone === phone && inForce?.settings.agency.phone !== phone) {
        // saved after the publish: a draft on the new version, publishable as it is
        expect(draft.baseVersion).toBe(inForce?.version)
        expect((await publishDraft(test.db, 'ben@agency.example')).ok).toBe(true)
      }
    }
  })
})
