import { Outlet } from 'react-router'
import { shellCopy } from '../../../content/shell.ts'
import { Banner } from '../../components/hero.tsx'
import { useLocalized } from '../../site/i18n.ts'

export default function Layout() {
  const { banners } = useLocalized(shellCopy)
  return (
    <>
      <Banner title={banners.about} />
      <Outlet />
    </>
  )
}
