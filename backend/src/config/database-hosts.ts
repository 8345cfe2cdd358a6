/**
 * A DATABASE_URL may name several servers, as libpq's do: `postgres://user@a:5432,b:5432/vira?
 * target_session_attrs=read-write` (a pg_auto_failover pair, a managed database's nodes).
 * node-postgres connects to one host only, so the pool is given one URL per host and
 * `target_session_attrs` is checked here: with `read-write`, a server that answers read-only (a
 * standby, a primary being demoted) is passed over like one that does not answer.
 */
export interface DatabaseHosts {
  /** One single-host URL per server named, in the order given. */
  readonly urls: readonly string[];
  /** Only a server that takes writes will do (`target_session_attrs=read-write` or `primary`). */
  readonly readWrite: boolean;
}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;
const SESSION_ATTRS = /([?&])target_session_attrs=([^&#]*)&?/;
const SESSION_ATTRS_KNOWN = new Set(['any', 'read-write', 'primary']);

/** The servers of a DATABASE_URL; undefined when it is not a postgres:// URL one can connect to. */
export function databaseHosts(url: string): DatabaseHosts | undefined {
  const shape = URL_SHAPE.exec(url);
  if (!shape) return undefined;
  const [, scheme, user = '', hostList, rest] = shape;
  const attrs = SESSION_ATTRS.exec(rest);
  const sessionAttrs = attrs ? decodeURIComponent(attrs[2]) : 'any';
  if (!SESSION_ATTRS_KNOWN.has(sessionAttrs)) return undefined;
  // node-postgres would pass the parameter on as a setting of the session, which the server refuses.
  const ownRest = attrs
    ? rest.replace(SESSION_ATTRS, (_, separator: string) => separator).replace(/[?&]$/, '')
    : rest;
  const hosts = hostList.split(',');
  if (hosts.some((host) => host === '')) return undefined;
  const urls = hosts.map((host) => `${scheme}${user}${host}${ownRest}`);
  if (urls.some((single) => !URL.canParse(single))) return undefined;
  return { urls, readWrite: sessionAttrs !== 'any' };
}
