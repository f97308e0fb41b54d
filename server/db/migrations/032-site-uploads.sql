-- Images owners upload on the desk for the site (config/site-images.ts): the logo, the favicon,
-- photos of the owner and the team, carriers' logos. The bytes are stored here, metadata already
-- stripped, because every process sharing the database must be able to make the responsive files
-- (AVIF, WebP) of any published version into its own DATA_DIR (server/site/site-uploads.ts). The
-- settings refer to an upload by its random id and the digest of these bytes; no visitor data.
CREATE TABLE site_uploads (
  id text PRIMARY KEY,
  -- SHA-256 of `bytes`, hex: the variants' file names
  digest text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('logo', 'favicon', 'photo', 'carrier')),
  -- the stored format: 'jpeg', 'png', 'webp' or 'avif'
  format text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX site_uploads_digest ON site_uploads (digest);
