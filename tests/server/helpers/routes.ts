/** "METHOD /path" for every route in Fastify's route tree (`app.printRoutes({ commonPrefix: false })`), HEAD left out. */
export function registeredRoutes(tree: string): string[] {
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line)
    if (!match) continue
    stack.length = (match[1] ?? '').length / 4
    stack.push(match[2] ?? '')
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`)
    }
  }
  return routes
}
