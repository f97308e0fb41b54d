import { errorBanner, staffPage } from './admin-layout.tsx'

/**
 * A page that says one thing went wrong, with the way back to the inbox. `staff`: the signed-in
 * member (an e-mail alone where the display name is not at hand).
 */
export function messagePage(
  title: string,
  message: string,
  staff?: string | { email: string; displayName?: string | null },
): string {
  return staffPage({
    title,
    staffEmail: typeof staff === 'string' ? staff : staff?.email,
    staffName: typeof staff === 'string' ? undefined : staff?.displayName,
    body: (
      <>
        <h1>{title}</h1>
        {errorBanner(message)}
        <p>
          <a href="/admin">Back to the inbox</a>
        </p>
      </>
    ),
  })
}
