import { Outlet } from 'react-router'
import { type ShellCopy, shellCopy } from '#content/shell.ts'
import { useLocalized } from '../site/i18n.ts'
import { Banner } from './hero.tsx'

/** A section's layout route (about, services): the section's banner above each of its pages. */
export function BannerLayout({ banner }: { banner: keyof ShellCopy['banners'] }) {
  const { banners } = useLocalized(shellCopy)
  return (
    <>
      <Banner title={banners[banner]} />
      <Outlet />
    </>
  )
}
