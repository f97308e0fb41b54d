/**
 * The API tokens page (/admin/tokens, owners only): every token with its scopes, expiry, last use
 * and state, Revoke for a live one, the form that makes one; and a new token, shown once.
 */

import type { ReactNode } from 'react'
import { type ApiToken, apiTokenScopes, scopeWords, tokenState } from '#server/staff/api-tokens.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, ownerPage } from './admin-layout.tsx'

export const tokensPath = '/admin/tokens'

const stateWords = { live: 'In use', expired: 'Expired', revoked: 'Revoked' } as const

export interface TypedToken {
  name?: string
  scopes?: string[]
  expires?: string
}

function tokenRow(token: ApiToken, now: Date): ReactNode {
  const state = tokenState(token, now)
  return (
    <tr key={token.id}>
      <th scope="row">
        <code>{token.name}</code>
      </th>
      <td>{token.scopes.join(', ')}</td>
      <td>
        {token.createdBy}, {formatDateTime(token.createdAt)}
      </td>
      <td>{token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
      <td>
        {state === 'revoked' && token.revokedAt
          ? `Revoked ${formatDateTime(token.revokedAt)}`
          : stateWords[state]}
      </td>
      <td>
        {state === 'revoked' ? (
          '–'
        ) : (
          <form method="post" action={`${tokensPath}/revoke`} data-submit-once="">
            <input type="hidden" name="name" value={token.name} />
            <button type="submit" className="button-secondary">
              Revoke
            </button>
          </form>
        )}
      </td>
    </tr>
  )
}

function addForm(typed: TypedToken): ReactNode {
  return (
    <form
      method="post"
      action={tokensPath}
      className="stack"
      aria-labelledby="add-token-heading"
      data-submit-once=""
    >
      <label htmlFor="token-name">Name (lower-case letters, digits, dots, dashes: e.g. crm-sync)</label>
      <input
        id="token-name"
        name="name"
        required
        maxLength={60}
        pattern="[a-z0-9][a-z0-9._\-]{0,59}"
        defaultValue={typed.name ?? ''}
      />
      <fieldset>
        <legend>Scopes: what the token may do</legend>
        {apiTokenScopes.map((scope) => {
          const id = `scope-${scope.replace(':', '-')}`
          return (
            <div key={scope} className="check">
              <input
                type="checkbox"
                id={id}
                name={id}
                value="yes"
                defaultChecked={typed.scopes?.includes(scope) ?? false}
              />
              <label htmlFor={id}>
                <code>{scope}</code>: {scopeWords[scope]}
              </label>
            </div>
          )
        })}
      </fieldset>
      <label htmlFor="token-expires">Expires (optional: the end of that day, UTC)</label>
      <input id="token-expires" name="expires" type="date" defaultValue={typed.expires ?? ''} />
      <button type="submit">Make token</button>
    </form>
  )
}

export function apiTokensPage(
  owner: StaffSession,
  tokens: ApiToken[],
  now: Date,
  { notice, error, typed = {} }: { notice?: string; error?: string; typed?: TypedToken } = {},
): string {
  return ownerPage(
    'tokens',
    owner,
    'API tokens',
    <>
      <h1>API tokens</h1>
      {noticeBanner(notice)} {errorBanner(error)}
      <p>
        A token lets another system use the desk's API without a staff sign-in: a CRM reading and updating
        leads (<code>leads:read</code>, <code>leads:write</code>), a lead vendor posting leads (
        <code>leads:create</code>). It is sent as <code>Authorization: Bearer …</code>, has limits of its own,
        and is shown once; revoke it when the system no longer needs it. Changes made with a token are logged
        under its name. The API is described at
        <a href="/api/admin/openapi.json">/api/admin/openapi.json</a>.
      </p>
      {tokens.length === 0 ? (
        <p>No token yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <caption>Tokens, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Made</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
                <th scope="col">Revoke</th>
              </tr>
            </thead>
            <tbody>{tokens.map((token) => tokenRow(token, now))}</tbody>
          </table>
        </div>
      )}
      <h2 id="add-token-heading">Make a token</h2>
      {addForm(typed)}
    </>,
  )
}

/** The new token, once: the page the POST redirects to. */
export function newTokenPage(owner: StaffSession, name: string, token: string): string {
  return ownerPage(
    'tokens',
    owner,
    'Token made',
    <>
      <h1>Token made</h1>
      {noticeBanner(`The token ${name} works now.`)}
      <p>The token, shown only now. Put it in the other system at once; the desk keeps no copy:</p>
      <p>
        <code className="secret">{token}</code>
      </p>
      <p>
        <a href={tokensPath}>Back to API tokens</a>
      </p>
    </>,
  )
}
