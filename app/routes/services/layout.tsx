import { Outlet } from 'react-router'
import { Banner } from '../../components/hero.tsx'

export default function Layout() {
  return (
    <>
      <Banner title="Online Service Center" />
      <Outlet />
    </>
  )
}
