-- The site's settings as the agency edits them on the desk (config/site-settings.ts): one draft,
-- and every published version. The newest version is the published one: a restore publishes an old
-- version's settings again as a new version, so history only grows and every process finds what
-- is in force with one indexed read (server/site/site-settings.ts).
CREATE TABLE site_settings_draft (
  id smallint PRIMARY KEY CHECK (id = 1),
  settings jsonb NOT NULL,
  -- the published version the draft started from: a publish from an older base is refused
  base_version integer,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site_settings_versions (
  version integer PRIMARY KEY,
  settings jsonb NOT NULL,
  published_by text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- set when the version is an older one published again
  restored_from integer REFERENCES site_settings_versions (version)
);
