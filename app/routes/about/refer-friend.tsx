// TODO(stub): replaced by the page's real content
export const meta = () => [{ title: 'refer-friend' }]

export default function ReferFriendPage() {
  return <h1>refer-friend</h1>
}
