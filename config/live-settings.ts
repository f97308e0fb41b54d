/**
 * Where the published site settings are read from at the moment of use. The server installs a
 * source (server/site/site-settings.ts: the published version, or a draft while a preview renders);
 * without one (the build's prerendering, the browser) every reader gets the defaults of
 * config/agency.ts and its neighbours. The source lives on globalThis under a registered symbol
 * because the site's components run in two copies of these modules in one server process: the
 * server's own, and the bundle the build renders pages with (build/server): both must read one truth.
 */
import type { SiteSettings } from './site-settings.ts'

const slot = Symbol.for('agency-site.published-settings')

type Source = () => SiteSettings | undefined

function source(): Source | undefined {
  return (globalThis as { [slot]?: Source })[slot]
}

/** The settings in force here and now, or undefined where only the defaults apply. */
export function publishedSettings(): SiteSettings | undefined {
  return source()?.()
}

/** Installs (or with undefined removes) where `publishedSettings` reads from. */
export function installSettingsSource(read: Source | undefined): void {
  const holder = globalThis as { [slot]?: Source }
  if (read) holder[slot] = read
  else delete holder[slot]
}

/**
 * An object whose every read goes to `current()` at that moment: `agency.phone` is the published
 * phone whenever it is read, however long ago the module was imported. Reads only: it is never
 * written through.
 */
export function liveObject<T extends object>(current: () => T): T {
  const target = (Array.isArray(current()) ? [] : {}) as T
  return new Proxy(target, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key)
      if (!descriptor) return undefined
      // A proxy reports a property as non-configurable exactly when its target has it so: an
      // array's `length` (the target is an array for a live list); everything else configurable.
      const fixed = Reflect.getOwnPropertyDescriptor(target, key)?.configurable === false
      return { ...descriptor, configurable: !fixed }
    },
    set: () => false,
    deleteProperty: () => false,
  })
}

/**
 * Copy written from the facts ('our office in Bethlehem, Georgia'), built again when the published
 * settings change: `build` runs at most once per published version, on first use.
 */
export function liveCopy<T extends object>(build: () => T): T {
  let builtFor: SiteSettings | undefined | null = null
  let built: T | undefined
  return liveObject(() => {
    const settings = publishedSettings()
    if (built === undefined || settings !== builtFor) {
      built = build()
      builtFor = settings
    }
    return built
  })
}
