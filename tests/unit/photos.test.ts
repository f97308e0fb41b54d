/**
 * The agency's photos: sharp turns a dropped photo into AVIF and WebP in the built widths, and the
 * page serves them with srcset, sizes, width and height (no layout shift).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ResponsivePhoto } from '#app/components/agency-photo.tsx'
import type { PhotoManifest } from '#app/site/photos.ts'
import { buildPhotos } from '#scripts/build-photos.ts'

describe('agency photos', () => {
  let dir: string
  let manifest: PhotoManifest
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'photos-'))
    const source = path.join(dir, 'source')
    const { mkdir } = await import('node:fs/promises')
    await mkdir(source)
    // A 600 × 800 portrait: wider than 480, narrower than 720.
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#14532d' } })
      .jpeg()
      .toFile(path.join(source, 'owner.jpg'))
    manifest = await buildPhotos(source, path.join(dir, 'out'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('makes AVIF and WebP in every width up to the original, never wider', async () => {
    const owner = manifest.owner
    expect(owner?.variants.map((variant) => variant.width)).toEqual([240, 480])
    expect(owner).toMatchObject({ width: 480, height: 640 })
    for (const variant of owner?.variants ?? []) {
      for (const [format, url] of [
        ['heif', variant.avif],
        ['webp', variant.webp],
      ] as const) {
        const file = path.join(dir, 'out', path.basename(url))
        const meta = await sharp(file).metadata()
        expect(meta.format).toBe(format)
        expect(meta.width).toBe(variant.width)
      }
    }
    expect(JSON.parse(await readFile(path.join(dir, 'out', 'manifest.json'), 'utf8'))).toEqual(manifest)
    expect(manifest.office).toBeUndefined()
  })

  it('serves them with srcset, sizes and the proportions that keep the layout still', () => {
    const owner = manifest.owner
    if (!owner) throw new Error('no owner photo built')
    const html = renderToStaticMarkup(
      createElement(ResponsivePhoto, { photo: owner, alt: 'Daniela Ramírez', sizes: '240px' }),
    )
    expect(html).toContain(
      'type="image/avif" srcSet="/photos/owner-240.avif 240w, /photos/owner-480.avif 480w"',
    )
    expect(html).toContain('sizes="240px"')
    expect(html).toMatch(/<img[^>]+width="480"[^>]+height="640"/)
    expect(html).toContain('alt="Daniela Ramírez"')
  })
})
