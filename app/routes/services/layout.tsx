import { Outlet } from 'react-router'
import { Banner } from '#app/components/hero.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { shellCopy } from '#content/shell.ts'

export default function Layout() {
  const { banners } = useLocalized(shellCopy)
  return (
    <>
      <Banner title={banners.services} />
      <Outlet />
    </>
  )
}
