-- A password the desk or the staff command made for a member (an owner's new account or reset, a
-- generated password): the member chooses their own at their next sign-in before using the desk
-- (server/admin/routes/account-routes.ts, /admin/password). Choosing one clears it.
ALTER TABLE staff_users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
