import { BannerLayout } from '#app/components/banner-layout.tsx'

export default function Layout() {
  return <BannerLayout banner="services" />
}
